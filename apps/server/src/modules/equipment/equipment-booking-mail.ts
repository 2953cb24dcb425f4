/**
 * The holder's e-mail when a handout starts (001 §4): what they have, until when, and the link
 * that extends it without logging in. Texts are English until e-mail localisation lands.
 */
export function handoutMail(input: {
  holderName: string;
  organisation: string;
  items: ReadonlyArray<{ title: string; return_at: string }>;
  url: string;
}) {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const first = input.items[0];
  const subject =
    input.items.length === 1 && first
      ? `${first.title}: handed out to you until ${first.return_at}`
      : `${input.items.length} items handed out to you`;
  const greeting = `Hello ${input.holderName},`;
  const intro = `${input.organisation} handed out to you:`;
  const lines = input.items.map((item) => `- ${item.title}, to be returned by ${item.return_at}`);
  const outro = 'Need it longer? Open this link to choose a later return date:';
  const text = `${greeting}\n\n${intro}\n${lines.join('\n')}\n\n${outro}\n${input.url}\n`;
  const html = `<p>${esc(greeting)}</p><p>${esc(intro)}</p><ul>${input.items
    .map((item) => `<li>${esc(item.title)}, to be returned by ${esc(item.return_at)}</li>`)
    .join('')}</ul><p>${esc(outro)}</p><p><a href="${esc(input.url)}">Extend the handout</a></p>`;
  return { subject, text, html };
}
