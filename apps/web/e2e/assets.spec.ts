import { expectAccessible } from './axe';
import { logInAs } from './demo-session';
import { expect, test } from './fixtures';

/** A 48×48 PNG (red), small enough to keep in the test. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAYElEQVRYhe3WUQ3AAAxCwflBAe6RNhNLuo9LKqAh8OBZ86t7zj+Yh0Kh8tCkLOf4GTCGQuWhSVnOITQDLRQqD03KgkMBxqqOKdeYH72fZjPQQqHy0KQsOBRgrOrYp1F4AeYnRJeSxCYSAAAAAElFTkSuQmCC',
  'base64',
);

/** A one-page PDF (what a scanned certificate is, as far as the content check cares). */
function certificatePdf(): Buffer {
  const content = 'BT /F1 18 Tf 72 770 Td (Inspection certificate) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, n) => {
    offsets.push(pdf.length);
    pdf += `${n + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

test('a facility manager sets up an asset with its certificate, reports an issue on it, finds it by the asset and archives the asset', async ({
  page,
}) => {
  const stamp = Date.now();
  const systemName = `Sprinklers ${stamp}`;
  const groupName = `Pump room ${stamp}`;
  const assetName = `Sprinkler pump ${stamp}`;
  const issueTitle = `Pump pressure drops ${stamp}`;
  await logInAs(page, 'admin@demo.test');

  // A system, then a group in Building A.
  await page.goto('/dashboard/assets/systems');
  await page.getByRole('button', { name: 'New system' }).click();
  const systemDialog = page.getByRole('dialog', { name: 'New asset system' });
  await systemDialog.getByLabel('Name').fill(systemName);
  await systemDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`System ${systemName} added.`)).toBeVisible();
  await expect(page.getByRole('main').getByText(systemName)).toBeVisible();
  await expectAccessible(page, 'asset systems');

  await page.goto('/dashboard/assets/groups');
  await page.getByRole('button', { name: 'New group' }).click();
  const groupDialog = page.getByRole('dialog', { name: 'New asset group' });
  await groupDialog.getByLabel('Name').fill(groupName);
  await groupDialog.getByRole('textbox', { name: 'Workspace' }).click();
  await page.getByRole('option', { name: 'Building A', exact: true }).click();
  await groupDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Group ${groupName} added.`)).toBeVisible();
  await expectAccessible(page, 'asset groups');

  // The asset, in that group and system.
  await page.goto('/dashboard/assets');
  await page
    .getByRole('link', { name: 'New asset' })
    .or(page.getByRole('button', { name: 'New asset' }))
    .click();
  await expect(page.getByRole('heading', { name: 'New asset' })).toBeVisible();
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'Name' }).fill(assetName);
  await main.getByRole('textbox', { name: 'Workspace' }).click();
  await page.getByRole('option', { name: 'Building A', exact: true }).click();
  await main.getByRole('textbox', { name: 'Group' }).click();
  await page.getByRole('option', { name: groupName }).click();
  await main.getByRole('textbox', { name: 'System' }).click();
  await page.getByRole('option', { name: systemName }).click();
  await main.getByRole('textbox', { name: 'Manufacturer' }).fill('Grundfos');
  await expectAccessible(page, 'new asset');
  await main.getByRole('button', { name: 'Create asset' }).click();
  await expect(page.getByRole('heading', { name: assetName })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/assets\/detail\/\d+/);
  const detailUrl = page.url();

  // A picture and a certificate.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add pictures' }).click();
  await (await chooser).setFiles({ name: 'pump.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Pictures added.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open pump.png' })).toBeVisible();

  await page.getByRole('tab', { name: 'Regulatory files' }).click();
  await page.getByRole('button', { name: 'Upload file' }).first().click();
  const upload = page.getByRole('dialog', { name: 'Upload a regulatory file' });
  await upload.locator('input[type="file"]').setInputFiles({
    name: 'pump-inspection.pdf',
    mimeType: 'application/pdf',
    buffer: certificatePdf(),
  });
  await upload.getByRole('textbox', { name: 'Name' }).fill('Pump inspection');
  await expectAccessible(page, 'regulatory upload');
  await upload.getByRole('button', { name: 'Upload file' }).click();
  await expect(page.getByText('File Pump inspection uploaded.')).toBeVisible();
  await expect(
    page
      .getByRole('link', { name: 'Download Pump inspection' })
      .or(page.getByRole('button', { name: 'Download Pump inspection' })),
  ).toBeVisible();
  await expectAccessible(page, 'asset detail');

  // An issue for the asset, from its page: the form arrives with the asset chosen.
  await page
    .getByRole('link', { name: 'New issue for this asset' })
    .or(page.getByRole('button', { name: 'New issue for this asset' }))
    .click();
  await expect(page).toHaveURL(/\/dashboard\/issues\/add/);
  await page.getByRole('main').getByRole('textbox', { name: 'Title' }).fill(issueTitle);
  await expect(page.getByRole('main').getByRole('textbox', { name: /Asset/ }).first()).toHaveValue(assetName);
  await page.getByRole('main').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('link', { name: assetName })).toBeVisible();

  // The issue list finds it by the asset.
  await page.goto('/dashboard/issues');
  await expect(page.getByTestId('issue-row').first()).toBeVisible();
  const showMore = page.getByRole('button', { name: 'Show more filters' });
  if (await showMore.isVisible()) await showMore.click();
  await page.getByRole('textbox', { name: 'Assets', exact: true }).click();
  await page.getByRole('option', { name: assetName }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/asset_ids=\d+/);
  await expect(page.getByTestId('issue-row')).toHaveCount(1);
  await expect(page.getByTestId('issue-row').first()).toContainText(issueTitle);

  // Archived, the asset is read only.
  await page.goto(detailUrl);
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText(`Asset ${assetName} archived.`)).toBeVisible();
  await expect(
    page.getByText('This asset is archived and read only. Bring it back to change it.'),
  ).toBeVisible();
  await expect(page.getByRole('main').getByRole('textbox', { name: 'Name' })).not.toBeEditable();
  await expectAccessible(page, 'archived asset');
});
