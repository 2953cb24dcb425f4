import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { apiToken, logInAs } from './demo-session';
import { expect, test } from './fixtures';

// Dynamic forms (issue 22): an admin designs a workspace's form on its edit page, fills it on an
// issue of that workspace (the answer rule refuses first), reloads and sees the answers, and finds
// them in the issue's PDF report.
test.use({ viewport: { width: 1400, height: 900 } });

async function pick(page: Page, scope: ReturnType<Page['getByTestId']>, label: string, option: string) {
  await scope.getByRole('textbox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an admin designs a form, fills it on an issue, sees the answers after a reload and in the PDF', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'admin@demo.test');
  const auth = { authorization: `Bearer ${token}` };
  const flat = (await (await request.get('/api/v4/workspace/flat', { headers: auth })).json()) as Array<{
    id: number;
    name: string;
  }>;
  const workspace = flat.find((w) => w.name === 'Graz Warehouse');
  expect(workspace).toBeTruthy();
  const created = await request.post('/api/v4/issue', {
    headers: auth,
    data: { title: `Boiler check ${Date.now()}`, workspace_id: workspace?.id },
  });
  expect(created.status()).toBe(201);
  const issueId = ((await created.json()) as { id: number }).id;

  await logInAs(page, 'admin@demo.test');
  await page.goto(`/dashboard/workspaces/edit/${workspace?.id}`);
  const designer = page.getByTestId('form-designer');
  await expect(designer.getByText('No fields yet. Add the first field.')).toBeVisible();

  // Three fields: a required number, a required yes/no and a choice with two options.
  await designer.getByTestId('form-title').fill('Boiler inspection');
  await designer.getByTestId('form-add-field').click();
  const first = designer.getByTestId('form-field').nth(0);
  await first.getByTestId('field-label-0').fill('Pressure (bar)');
  await pick(page, first, 'Kind', 'Number');
  await first.getByRole('switch', { name: 'Required' }).check({ force: true });
  await designer.getByTestId('form-add-field').click();
  const second = designer.getByTestId('form-field').nth(1);
  await second.getByTestId('field-label-1').fill('Leak found');
  await pick(page, second, 'Kind', 'Yes / no');
  await second.getByRole('switch', { name: 'Required' }).check({ force: true });
  await designer.getByTestId('form-add-field').click();
  const third = designer.getByTestId('form-field').nth(2);
  await third.getByTestId('field-label-2').fill('State');
  await pick(page, third, 'Kind', 'Choice');
  await third.getByTestId('option-label-2-0').fill('Good');
  await third.getByTestId('option-add-2').click();
  await third.getByTestId('option-label-2-1').fill('Worn');
  const [saved] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && /\/workspace\/\d+\/form$/.test(r.url())),
    designer.getByTestId('form-save').click(),
  ]);
  expect(saved.status()).toBe(200);
  await expect(designer.getByText('Active')).toBeVisible();
  await expectAccessible(page, 'form designer');

  // The issue of that workspace offers it; the same rule as the server's refuses an empty answer.
  await page.goto(`/dashboard/issues/detail/${issueId}`);
  const form = page.getByTestId('dynamic-form');
  await expect(form.getByRole('heading', { name: 'Boiler inspection' })).toBeVisible();
  await expect(form.getByText('The form has not been filled in yet.')).toBeVisible();
  await form.getByRole('button', { name: 'Fill in' }).click();
  await form.getByTestId('dynamic-form-save').click();
  await expect(form.getByText('This field is required.')).toHaveCount(2);
  await form.getByRole('textbox', { name: 'Pressure (bar)' }).fill('2.5');
  await form.getByRole('radio', { name: 'No' }).check();
  await pick(page, form, 'State', 'Good');
  const [stored] = await Promise.all([
    page.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/forms\/issue\/\d+\/store$/.test(r.url()),
    ),
    form.getByTestId('dynamic-form-save').click(),
  ]);
  expect(stored.status()).toBe(201);

  await page.reload();
  const answers = page.getByTestId('dynamic-form-answers');
  await expect(answers).toContainText('Pressure (bar)');
  await expect(answers).toContainText('2.5');
  await expect(answers).toContainText('Leak found');
  await expect(answers).toContainText('No');
  await expect(answers).toContainText('Good');
  await expectAccessible(page, 'issue with its filled form');

  // The standard PDF report carries the form with its answers (text read with poppler's pdftotext).
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Export to PDF' }).click();
  const downloaded = page.waitForEvent('download');
  await page.getByTestId('issue-report-dialog').getByTestId('issue-report-export').click();
  const file = join(mkdtempSync(join(tmpdir(), 'dynamic-form-pdf-')), 'report.pdf');
  await (await downloaded).saveAs(file);
  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString().replace(/\s+/g, ' ');
  expect(text).toContain('Boiler inspection');
  expect(text).toContain('Pressure (bar)');
  expect(text).toContain('2.5');
  expect(text).toContain('Good');
});
