import { expectAccessible } from './axe';
import { logInAs } from './demo-session';
import { expect, test } from './fixtures';

/**
 * The equipment's other lists (001 §2): a storekeeper adds a type with its own return period and
 * an external holder, and finds both in their lists; the groups of the demo show their counts.
 * Each screen passes axe, on a phone too.
 */

test('an admin adds an equipment type and an external holder, and reads the groups', async ({ page }) => {
  const stamp = Date.now();
  const typeName = `Scaffolding ${stamp}`;
  const holderName = `Hana Helper ${stamp}`;
  await logInAs(page, 'admin@demo.test');

  // Types: a new one starts from the spec's defaults (1 week, 1 week, 1 buffer day before).
  await page.goto('/dashboard/equipment/types');
  await expect(page.getByRole('heading', { name: 'Equipment types', level: 1 })).toBeVisible();
  await expect(page.getByText('Power tools')).toBeVisible();
  await expectAccessible(page, 'equipment types');
  await page.getByRole('button', { name: 'New type' }).click();
  const typeDialog = page.getByRole('dialog', { name: 'New equipment type' });
  await expect(typeDialog).toBeVisible();
  await expect(typeDialog.getByRole('textbox', { name: 'Return period' })).toHaveValue('1');
  await typeDialog.getByRole('textbox', { name: 'Name' }).fill(typeName);
  await typeDialog.getByRole('textbox', { name: 'Return period' }).fill('3');
  await expectAccessible(page, 'new equipment type');
  await typeDialog.getByRole('button', { name: 'Save' }).click();
  await expect(typeDialog).toBeHidden();
  await expect(page.getByText(typeName, { exact: true })).toBeVisible();
  await expect(page.getByText('Back after 3 weeks')).toBeVisible();

  // External holders: the form checks the address before it is sent.
  // The pages switch with the segmented control beside the title.
  await page.locator('label', { hasText: 'External holders' }).click();
  await expect(page.getByRole('heading', { name: 'External holders', level: 1 })).toBeVisible();
  await expectAccessible(page, 'external holders');
  await page.getByRole('button', { name: 'New external holder' }).click();
  const holderDialog = page.getByRole('dialog', { name: 'New external holder' });
  await holderDialog.getByRole('textbox', { name: 'Name' }).fill(holderName);
  await holderDialog.getByRole('textbox', { name: 'Company' }).fill('Helpers Ltd');
  await holderDialog.getByRole('textbox', { name: 'E-mail' }).fill('not an address');
  await holderDialog.getByRole('button', { name: 'Save' }).click();
  await expect(holderDialog.getByText('Enter a valid e-mail address.')).toBeVisible();
  await holderDialog.getByRole('textbox', { name: 'E-mail' }).fill(`hana.${stamp}@helpers.test`);
  await holderDialog.getByRole('button', { name: 'Save' }).click();
  await expect(holderDialog).toBeHidden();
  await expect(page.getByText(holderName, { exact: true }).first()).toBeVisible();

  // Groups: the demo's kit and ladder set with what is out of them now.
  await page.locator('label', { hasText: /^Groups$/ }).click();
  await expect(page.getByRole('heading', { name: 'Equipment groups', level: 1 })).toBeVisible();
  await expect(page.getByText('Measuring kit')).toBeVisible();
  await expect(page.getByText('Ladder set')).toBeVisible();
  await expectAccessible(page, 'equipment groups');
});

test('on a phone the groups, types and external holders read in one column', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await logInAs(page, 'admin@demo.test');
  await page.evaluate(() => sessionStorage.setItem('workbench.mobile-prompt-dismissed', '1'));
  for (const [path, heading] of [
    ['/dashboard/equipment/groups', 'Equipment groups'],
    ['/dashboard/equipment/types', 'Equipment types'],
    ['/dashboard/equipment/external-holders', 'External holders'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expectAccessible(page, `${heading} on a phone`);
  }
  await context.close();
});
