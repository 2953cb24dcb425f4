import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { demoIssue, logInAs } from './demo-session';
import { expect, test } from './fixtures';
import { png } from './images';

// The attachment gallery (001 §2): an admin uploads two photos to an issue, reorders them in the
// list view, describes one and comments on it in the full-screen viewer, moves through the
// viewer with the arrow keys, and closes it with Escape.
test.use({ viewport: { width: 1400, height: 900 } });

const cardNames = (page: Page) =>
  page.getByTestId('attachment-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-name')));

test('photos are uploaded, reordered, described, commented and viewed with the keyboard', async ({
  page,
  request,
}) => {
  const title = `Broken pump ${Date.now()}`;
  const { issueId, auth } = await demoIssue(request, title);

  await logInAs(page, 'admin@demo.test');
  await page.goto(`/dashboard/issues/detail/${issueId}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const gallery = page.getByTestId('attachment-gallery');
  await expect(gallery.getByTestId('carousel-placeholder')).toBeVisible();
  await expectAccessible(page, 'issue detail without attachments');

  // Two photos through the drop zone's file input: one upload call, two pictures in the strip.
  const uploaded = page.waitForResponse(
    (r) => r.url().endsWith(`/api/v4/issue/${issueId}/upload`) && r.request().method() === 'POST',
  );
  await gallery.locator('input[type="file"]').setInputFiles([
    { name: 'before.png', mimeType: 'image/png', buffer: png(320, 240, [200, 40, 40]) },
    { name: 'after.png', mimeType: 'image/png', buffer: png(320, 240, [40, 160, 60]) },
  ]);
  expect((await uploaded).status()).toBe(200);
  await expect(gallery.getByTestId('strip-item')).toHaveCount(2);
  await expect(gallery.getByRole('heading', { name: 'Attachments (2)' })).toBeVisible();
  await expectAccessible(page, 'attachment gallery');

  // The list view: drag 'after.png' above 'before.png'; the order is saved at once.
  await gallery.getByText('List', { exact: true }).click();
  await expect(gallery.getByTestId('attachment-card')).toHaveCount(2);
  expect(await cardNames(page)).toEqual(['before.png', 'after.png']);
  await expectAccessible(page, 'attachment list');
  const handle = gallery.getByRole('button', { name: 'Drag to reorder after.png' });
  const target = gallery.getByTestId('attachment-card').first();
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('cards not laid out');
  const reordered = page.waitForResponse(
    (r) => r.url().endsWith(`/api/v4/issue/${issueId}`) && r.request().method() === 'PUT',
  );
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  // Past the 8 px activation distance, then onto the first card.
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 12, { steps: 4 });
  await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 12 });
  await page.mouse.up();
  expect((await reordered).status()).toBe(200);
  await expect.poll(() => cardNames(page)).toEqual(['after.png', 'before.png']);

  // The viewer on the first card: description, saved with the gallery's confirm.
  await gallery.getByRole('button', { name: 'Open after.png' }).first().click();
  const viewer = page.getByTestId('attachment-viewer');
  await expect(viewer.getByTestId('viewer-counter')).toHaveText('1/2');
  await expect(viewer.getByTestId('viewer-file-name')).toHaveText('after.png');
  await expect(viewer.getByText('No comments on this file yet')).toBeVisible();
  await expectAccessible(page, 'attachment viewer');
  await viewer.getByLabel('Description').fill('The pump after the repair');
  await expect(viewer.getByText('Characters left: 230')).toBeVisible();
  const savedChanges = page.waitForResponse(
    (r) => r.url().endsWith(`/api/v4/issue/${issueId}`) && r.request().method() === 'POST',
  );
  await viewer.getByRole('button', { name: 'Save changes' }).click();
  expect((await savedChanges).status()).toBe(200);
  await expect(viewer.getByTestId('attachment-changes')).toHaveCount(0);

  // A comment on the photo.
  await expect(viewer.getByText('No comments on this file yet')).toBeVisible();
  await viewer.getByLabel('New comment').fill('Pressure is back to normal');
  const commented = page.waitForResponse(
    (r) => r.url().endsWith(`/api/v4/issue/${issueId}/attachment_comment`) && r.request().method() === 'POST',
  );
  await viewer.getByRole('button', { name: 'Comment', exact: true }).click();
  expect((await commented).status()).toBe(200);
  await expect(
    viewer.getByTestId('attachment-comments').getByText('Pressure is back to normal'),
  ).toBeVisible();
  await expectAccessible(page, 'attachment viewer with a comment');

  // The arrow keys move through the files and wrap around.
  await viewer.getByTestId('viewer-counter').click();
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByTestId('viewer-counter')).toHaveText('2/2');
  await expect(viewer.getByTestId('viewer-file-name')).toHaveText('before.png');
  await expect(viewer.getByLabel('Description')).toHaveValue('');
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByTestId('viewer-counter')).toHaveText('1/2');
  await expect(viewer.getByLabel('Description')).toHaveValue('The pump after the repair');
  await page.keyboard.press('ArrowLeft');
  await expect(viewer.getByTestId('viewer-file-name')).toHaveText('before.png');

  // Escape closes the viewer.
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // The server kept the order, the description and the comment.
  const issue = (await (await request.get(`/api/v4/issue/${issueId}`, { headers: auth })).json()) as {
    attachments: Array<{ id: number; original_filename: string; description: string | null }>;
  };
  expect(issue.attachments.map((a) => [a.original_filename, a.description])).toEqual([
    ['after.png', 'The pump after the repair'],
    ['before.png', null],
  ]);
  const after = issue.attachments[0];
  const comments = (await (
    await request.get(`/api/v4/issue/${issueId}/attachment_comment?attachment_id=${after?.id}`, {
      headers: auth,
    })
  ).json()) as { data: Array<{ comment: string }> };
  expect(comments.data.map((c) => c.comment)).toEqual(['Pressure is back to normal']);
});
