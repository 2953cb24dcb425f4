import { expectAccessible } from './axe';
import { logInAs } from './demo-session';
import { expect, test } from './fixtures';

test('an admin adds an item of equipment, finds it in the list, edits it, archives and brings it back, and deletes it', async ({
  page,
}) => {
  const stamp = Date.now();
  const title = `Core drill ${stamp}`;
  await logInAs(page, 'admin@demo.test');

  // The list: the parts of the action_required order, each under its heading.
  await page.goto('/dashboard/equipment');
  await expect(page.getByRole('heading', { name: 'Equipment', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Other equipment' })).toBeVisible();
  await expectAccessible(page, 'equipment list');

  // The form refuses what 001 §5 refuses, on the fields.
  await page.getByRole('link', { name: 'Add equipment' }).first().click();
  await expect(page.getByRole('heading', { name: 'Add equipment' })).toBeVisible();
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Add equipment' }).click();
  await expect(main.getByText('Title is mandatory')).toBeVisible();
  await expect(main.getByText('Type is mandatory.')).toBeVisible();
  await expectAccessible(page, 'new equipment with errors');

  await main.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await main.getByRole('textbox', { name: 'Workspace' }).first().click();
  await page.getByRole('option', { name: 'Building A', exact: true }).click();
  await main.getByRole('textbox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Power tools' }).click();
  await main.getByRole('textbox', { name: 'Storage' }).click();
  await page.getByRole('option', { name: 'Another place' }).click();
  await main.getByRole('textbox', { name: 'Storage place' }).fill('Basement shelf 4');
  await main.getByRole('textbox', { name: 'Serial number' }).fill(`SN-${stamp}`);
  await main.getByRole('button', { name: 'Add a link' }).click();
  await main.getByRole('textbox', { name: 'Link title' }).fill('Manual');
  await main.getByRole('textbox', { name: 'Address', exact: true }).fill('https://example.test/manual.pdf');
  await main.getByRole('button', { name: 'Add equipment' }).click();

  // Saved: its detail page.
  await expect(page).toHaveURL(/\/dashboard\/equipment\/detail\/\d+$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(main.getByText('In storage').first()).toBeVisible();
  await expect(main.getByText('Basement shelf 4')).toBeVisible();
  await expect(main.getByRole('link', { name: 'Manual' })).toHaveAttribute(
    'href',
    'https://example.test/manual.pdf',
  );
  await expect(main.getByText('added the item')).toBeVisible();
  await expectAccessible(page, 'equipment detail');

  // Its QR code, to download or print.
  await main.getByRole('tab', { name: 'QR code' }).click();
  await expect(main.getByRole('img', { name: `QR code of ${title}` })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Download PNG' })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Download SVG' })).toBeVisible();

  // Edit: saving goes back to the detail with the change.
  await main.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/dashboard\/equipment\/edit\/\d+$/);
  await main.getByRole('textbox', { name: 'Title', exact: true }).fill(`${title} (SDS)`);
  await expectAccessible(page, 'edit equipment');
  await main.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/dashboard\/equipment\/detail\/\d+$/);
  await expect(page.getByRole('heading', { name: `${title} (SDS)` })).toBeVisible();

  // The list finds it by its serial number, the filter kept in the address.
  await page.goto('/dashboard/equipment');
  await page.getByRole('textbox', { name: 'Search equipment' }).fill(`SN-${stamp}`);
  await expect(page).toHaveURL(new RegExp(`search=SN-${stamp}`));
  await expect(page.getByTestId('equipment-card')).toHaveCount(1);
  await page.getByRole('link', { name: `${title} (SDS)` }).click();

  // Archived: read only, with a note; brought back, editable again.
  await main.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Archive' }).click();
  await expect(main.getByText('This item is archived: it is read only.')).toBeVisible();
  await expect(main.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await main.getByRole('button', { name: 'Bring back' }).click();
  await expect(main.getByRole('link', { name: 'Edit' })).toBeVisible();

  // Deleted: back on the list, where the search finds nothing any more.
  await main.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/dashboard\/equipment\?search=/);
  await expect(page.getByText('No equipment matches these filters.')).toBeVisible();
});

test('on a phone the equipment list and an item read in one column', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await logInAs(page, 'admin@demo.test');
  await page.evaluate(() => sessionStorage.setItem('workbench.mobile-prompt-dismissed', '1'));
  await page.goto('/dashboard/equipment?density=compact');
  await expect(page.getByRole('heading', { name: 'Overdue' })).toBeVisible();
  await expectAccessible(page, 'equipment list on a phone');
  await page.getByTestId('equipment-card-link').first().click();
  await expect(page).toHaveURL(/\/dashboard\/equipment\/detail\/\d+$/);
  await expect(page.getByRole('tab', { name: 'Activity log' })).toBeVisible();
  await expectAccessible(page, 'equipment detail on a phone');
  await context.close();
});
