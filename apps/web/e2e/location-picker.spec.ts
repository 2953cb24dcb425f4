import { expectAccessible } from './axe';
import { demoIssue, logInAs } from './demo-session';
import { expect, test } from './fixtures';
import { waitForNetworkQuiet } from './network';

// The location picker (001 §2, §5; issue 22): an admin picks a place for an issue by coordinates
// (typing, then a click on the map), saves, and sees it on the issue after a reload. The map's
// tiles come from OpenStreetMap by default: the test answers them with a plain tile (no internet).

const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);

test('pick a location by coordinates on an issue and see it after a reload', async ({ page, request }) => {
  await page.route('https://tile.openstreetmap.org/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: TILE }),
  );
  const { issueId, auth } = await demoIssue(request, 'Location picker e2e');
  // include_issue_address (settings.display.address) on, whatever the demo says.
  const config = await (await request.get('/api/v4/config?get_only=client', { headers: auth })).json();
  const client = config.client as { id: number; settings: { display: Record<string, boolean> } };
  if (!client.settings.display.address) {
    const res = await request.put(`/api/v4/client/${client.id}`, {
      headers: auth,
      data: { settings: { display: { address: true } } },
    });
    expect(res.status()).toBe(200);
  }

  await logInAs(page, 'admin@demo.test');
  await page.evaluate(() => sessionStorage.setItem('workbench.mobile-prompt-dismissed', '1'));
  await page.goto(`/dashboard/issues/edit/${issueId}`);
  await page.getByRole('button', { name: 'Choose location' }).click();
  const picker = page.getByTestId('location-picker');
  await expect(picker).toBeVisible();
  // Without a geocoder configured the picker opens on coordinates, and the address tab says it is off.
  await picker.getByRole('tab', { name: 'Address' }).click();
  await expect(picker.getByText('Address search is off')).toBeVisible();
  await expectAccessible(page, 'location picker');
  await picker.getByRole('tab', { name: 'Coordinates' }).click();
  const coordinates = picker.getByLabel('Latitude and longitude');
  await coordinates.fill('48.2082 200');
  await expect(picker.getByText(/Invalid format/)).toBeVisible();
  await picker.getByRole('button', { name: 'Use this location' }).click();
  await expect(picker.getByText('The location name is required.')).toBeVisible();
  await expect(picker.getByText(/Choose a position/)).toBeVisible();

  await coordinates.fill('48.2082 16.3738');
  await expect(picker.getByText(/Invalid format/)).toBeHidden();
  // A click on the map's centre (Vienna) sets the position there too.
  await picker.getByTestId('location-map').click();
  await expect(coordinates).toHaveValue(/^48\.\d+ 16\.\d+$/);
  await coordinates.fill('48.2082 16.3738');
  await picker.getByLabel('Location name').fill('Stephansplatz boiler room');
  await page.waitForTimeout(600);
  await picker.getByRole('button', { name: 'Use this location' }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByTestId('location-view')).toContainText('Stephansplatz boiler room');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/issues/detail/${issueId}`));

  await page.reload();
  await waitForNetworkQuiet(page);
  const view = page.getByTestId('location-view').filter({ visible: true });
  await expect(view).toContainText('Stephansplatz boiler room');
  await expect(view).toContainText('48.2082 16.3738');
  await expect(view.getByRole('link', { name: 'Open in OpenStreetMap' })).toHaveAttribute(
    'href',
    /openstreetmap\.org\/\?mlat=48\.208200&mlon=16\.373800/,
  );
  const stored = await (await request.get(`/api/v4/issue/${issueId}`, { headers: auth })).json();
  expect(stored.location).toEqual({
    location_name: 'Stephansplatz boiler room',
    lat: 48.2082,
    lng: 16.3738,
    is_coordinates: true,
  });
});
