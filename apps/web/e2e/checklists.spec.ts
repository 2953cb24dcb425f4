import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { apiToken, logInAs } from './demo-session';
import { expect, test } from './fixtures';

// Checklists and templates (001 §2): the admin builds a checklist on an issue, adds items and
// ticks one, saves it as a template, and assigns that template to another issue, where the same
// items appear, all open.
test.use({ viewport: { width: 1400, height: 900 } });

/** Waits for the API answer of one checklist call while `action` runs. */
async function answerOf(page: Page, method: string, pathPart: RegExp, action: () => Promise<void>) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === method && pathPart.test(r.url())),
    action(),
  ]);
  expect(response.status()).toBe(200);
  return response;
}

test('a checklist is built, saved as a template and assigned to another issue', async ({ page, request }) => {
  const token = await apiToken(request, 'admin@demo.test');
  const auth = { authorization: `Bearer ${token}` };
  const flat = (await (await request.get('/api/v4/workspace/flat', { headers: auth })).json()) as Array<{
    id: number;
    name: string;
  }>;
  const buildingA = flat.find((w) => w.name === 'Building A');
  const stamp = Date.now();
  const newIssue = async (title: string) => {
    const res = await request.post('/api/v4/issue', {
      headers: auth,
      data: { title, workspace_id: buildingA?.id },
    });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const first = await newIssue(`Swap the pump ${stamp}`);
  const second = await newIssue(`Swap the other pump ${stamp}`);
  const checklistTitle = `Pump swap ${stamp}`;

  await logInAs(page, 'admin@demo.test');
  await page.goto(`/dashboard/issues/detail/${first}`);
  const section = page.getByTestId('checklists-section');
  await expect(section.getByText('No checklists yet. Add one or start from a template.')).toBeVisible();
  await expectAccessible(page, 'issue detail without checklists');

  // A new checklist with two items.
  await section.getByRole('button', { name: 'Add checklist' }).click();
  await section.getByPlaceholder('Checklist title').fill(checklistTitle);
  await answerOf(page, 'POST', /\/checklists$/, () =>
    section.getByRole('button', { name: 'Create' }).click(),
  );
  const checklist = section.getByTestId('checklist').filter({ hasText: checklistTitle });
  await expect(checklist).toBeVisible();
  for (const item of ['Close the valve', 'Drain the pipe']) {
    await checklist.getByRole('textbox', { name: `New item in ${checklistTitle}` }).fill(item);
    await answerOf(page, 'POST', /\/items$/, () =>
      checklist.getByRole('button', { name: 'Add', exact: true }).click(),
    );
    await expect(checklist.getByTestId('checklist-item').filter({ hasText: item })).toBeVisible();
  }
  await expect(checklist.getByTestId('checklist-progress')).toHaveText('0/2');

  // Tick the first one: shown at once, kept after the server answers.
  await answerOf(page, 'PUT', /\/items\/\d+$/, () =>
    checklist.getByRole('checkbox', { name: 'Close the valve' }).check(),
  );
  await expect(checklist.getByTestId('checklist-progress')).toHaveText('1/2');
  await expect(checklist.getByRole('checkbox', { name: 'Close the valve' })).toBeChecked();
  await expectAccessible(page, 'checklist with items');

  // Save it as a template.
  await checklist.getByRole('button', { name: `Actions for ${checklistTitle}` }).click();
  await page.getByRole('menuitem', { name: 'Save as template' }).click();
  const saveDialog = page.getByRole('dialog', { name: 'Save as template' });
  await expect(saveDialog.getByLabel('Template name')).toHaveValue(checklistTitle);
  await expectAccessible(page, 'save as template dialog');
  await answerOf(page, 'POST', /save-checklist-as-template\/\d+$/, () =>
    saveDialog.getByRole('button', { name: 'Save' }).click(),
  );
  await expect(saveDialog).toBeHidden();

  // Assign it to the second issue through the picker, found by searching its name.
  await page.goto(`/dashboard/issues/detail/${second}`);
  const secondSection = page.getByTestId('checklists-section');
  await secondSection.getByRole('button', { name: 'From template' }).click();
  const picker = page.getByRole('dialog', { name: 'Add a checklist from a template' });
  await picker.getByRole('textbox', { name: 'Search templates' }).fill(`${stamp}`);
  const option = picker.getByTestId('template-option').filter({ hasText: checklistTitle });
  await expect(option).toHaveCount(1);
  await expectAccessible(page, 'checklist template picker');
  await option.click();
  await answerOf(page, 'POST', /assign-checklist-from-template\/\d+$/, () =>
    picker.getByRole('button', { name: 'Add checklist' }).click(),
  );
  await expect(picker).toBeHidden();
  const copy = secondSection.getByTestId('checklist').filter({ hasText: checklistTitle });
  await expect(copy.getByTestId('checklist-item')).toHaveText(['Close the valve', 'Drain the pipe']);
  await expect(copy.getByTestId('checklist-progress')).toHaveText('0/2');

  // The template is listed on the templates page.
  await page.goto('/dashboard/templates/checklists');
  await expect(page.getByTestId('template-row').filter({ hasText: checklistTitle })).toBeVisible();
  await expectAccessible(page, 'checklist templates');
});
