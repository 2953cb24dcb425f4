import {
  ISSUE_STATUS,
  type IssueStatusId,
  PUBLIC_MAILED_STATUSES,
  tryResolveLanguage,
  type UiLanguage,
} from '@workbench/domain';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { enqueueMail } from '../mail/outbox.js';
import { readPublicFormConfig } from './public-forms.js';
import {
  findLink,
  followUrl,
  newLinkToken,
  type PublicLinkRow,
  reporterUnsubscribeUrl,
  watcherUnsubscribeUrl,
} from './public-links.js';

/**
 * The e-mails of the public area (issue 19), in the addressee's language: to the reporter of a
 * public report (received, status changes, staff replies, a decline) and to an issue's external
 * address (status changes). Each names the issue and the organisation, says what happened, and
 * carries the follow link (reporters, when the form offers following) and an unsubscribe link.
 * All go through the outbox, in the caller's transaction.
 */

type Db = Kysely<Database> | Transaction<Database>;

export type PublicMailEvent =
  | { kind: 'received' }
  | { kind: 'status'; statusId: IssueStatusId }
  | { kind: 'reply'; comment: string; author: string | null }
  | { kind: 'declined'; message: string | null };

type MailedStatus = 6 | 7 | 8;

type Texts = {
  hello: (name: string | null) => string;
  subject: {
    received: (t: string) => string;
    status: Record<MailedStatus, (t: string) => string>;
    reply: (t: string) => string;
    declined: (t: string) => string;
  };
  received: (org: string, t: string) => string;
  status: Record<MailedStatus, (t: string) => string>;
  reply: (author: string, t: string) => string;
  team: string;
  declined: (t: string) => string;
  message: string;
  follow: string;
  unsubscribe: string;
  watcher: (org: string) => string;
};

const TEXTS: Record<UiLanguage, Texts> = {
  en: {
    hello: (n) => (n ? `Hello ${n},` : 'Hello,'),
    subject: {
      received: (t) => `Report received: ${t}`,
      status: { 6: (t) => `In progress: ${t}`, 7: (t) => `In review: ${t}`, 8: (t) => `Completed: ${t}` },
      reply: (t) => `New reply: ${t}`,
      declined: (t) => `Declined: ${t}`,
    },
    received: (o, t) => `${o} has received your report "${t}". Thank you!`,
    status: {
      6: (t) => `Work on "${t}" has started.`,
      7: (t) => `The work on "${t}" is done and is being checked.`,
      8: (t) => `"${t}" has been completed.`,
    },
    reply: (a, t) => `${a} replied to your report "${t}":`,
    team: 'The team',
    declined: (t) => `Your report "${t}" was declined.`,
    message: 'Message:',
    follow: 'Follow your report:',
    unsubscribe: 'Stop these e-mails:',
    watcher: (o) => `You get this e-mail because your address is noted on this issue at ${o}.`,
  },
  de: {
    hello: (n) => (n ? `Hallo ${n},` : 'Hallo,'),
    subject: {
      received: (t) => `Meldung erhalten: ${t}`,
      status: {
        6: (t) => `In Bearbeitung: ${t}`,
        7: (t) => `In Prüfung: ${t}`,
        8: (t) => `Abgeschlossen: ${t}`,
      },
      reply: (t) => `Neue Antwort: ${t}`,
      declined: (t) => `Abgelehnt: ${t}`,
    },
    received: (o, t) => `${o} hat Ihre Meldung „${t}“ erhalten. Vielen Dank!`,
    status: {
      6: (t) => `Die Arbeit an „${t}“ hat begonnen.`,
      7: (t) => `Die Arbeit an „${t}“ ist erledigt und wird geprüft.`,
      8: (t) => `„${t}“ ist abgeschlossen.`,
    },
    reply: (a, t) => `${a} hat auf Ihre Meldung „${t}“ geantwortet:`,
    team: 'Das Team',
    declined: (t) => `Ihre Meldung „${t}“ wurde abgelehnt.`,
    message: 'Nachricht:',
    follow: 'Ihre Meldung verfolgen:',
    unsubscribe: 'Keine weiteren E-Mails erhalten:',
    watcher: (o) =>
      `Sie erhalten diese E-Mail, weil Ihre Adresse bei ${o} für diesen Vorgang hinterlegt ist.`,
  },
  pl: {
    hello: (n) => (n ? `Dzień dobry ${n},` : 'Dzień dobry,'),
    subject: {
      received: (t) => `Zgłoszenie przyjęte: ${t}`,
      status: {
        6: (t) => `W realizacji: ${t}`,
        7: (t) => `Do sprawdzenia: ${t}`,
        8: (t) => `Zakończone: ${t}`,
      },
      reply: (t) => `Nowa odpowiedź: ${t}`,
      declined: (t) => `Odrzucone: ${t}`,
    },
    received: (o, t) => `Twoje zgłoszenie „${t}” dotarło do: ${o}. Dziękujemy!`,
    status: {
      6: (t) => `Rozpoczęto prace nad „${t}”.`,
      7: (t) => `Prace nad „${t}” zostały wykonane i są sprawdzane.`,
      8: (t) => `Zgłoszenie „${t}” zostało zakończone.`,
    },
    reply: (a, t) => `${a} odpowiada na Twoje zgłoszenie „${t}”:`,
    team: 'Zespół',
    declined: (t) => `Twoje zgłoszenie „${t}” zostało odrzucone.`,
    message: 'Wiadomość:',
    follow: 'Śledź swoje zgłoszenie:',
    unsubscribe: 'Zrezygnuj z tych e-maili:',
    watcher: (o) => `Otrzymujesz tę wiadomość, ponieważ Twój adres jest zapisany przy tym zgłoszeniu (${o}).`,
  },
  tr: {
    hello: (n) => (n ? `Merhaba ${n},` : 'Merhaba,'),
    subject: {
      received: (t) => `Bildirim alındı: ${t}`,
      status: {
        6: (t) => `Devam ediyor: ${t}`,
        7: (t) => `Kontrol ediliyor: ${t}`,
        8: (t) => `Tamamlandı: ${t}`,
      },
      reply: (t) => `Yeni yanıt: ${t}`,
      declined: (t) => `Reddedildi: ${t}`,
    },
    received: (o, t) => `${o}, "${t}" bildiriminizi aldı. Teşekkürler!`,
    status: {
      6: (t) => `"${t}" üzerinde çalışma başladı.`,
      7: (t) => `"${t}" için çalışma tamamlandı ve kontrol ediliyor.`,
      8: (t) => `"${t}" tamamlandı.`,
    },
    reply: (a, t) => `${a}, "${t}" bildiriminizi yanıtladı:`,
    team: 'Ekip',
    declined: (t) => `"${t}" bildiriminiz reddedildi.`,
    message: 'Mesaj:',
    follow: 'Bildiriminizi takip edin:',
    unsubscribe: 'Bu e-postaları durdurun:',
    watcher: (o) => `Bu e-postayı, adresiniz ${o} tarafından bu kayda eklendiği için alıyorsunuz.`,
  },
  hr: {
    hello: (n) => (n ? `Pozdrav ${n},` : 'Pozdrav,'),
    subject: {
      received: (t) => `Prijava zaprimljena: ${t}`,
      status: { 6: (t) => `U radu: ${t}`, 7: (t) => `Na provjeri: ${t}`, 8: (t) => `Završeno: ${t}` },
      reply: (t) => `Novi odgovor: ${t}`,
      declined: (t) => `Odbijeno: ${t}`,
    },
    received: (o, t) => `Vaša prijava „${t}” je zaprimljena (${o}). Hvala!`,
    status: {
      6: (t) => `Rad na prijavi „${t}” je započeo.`,
      7: (t) => `Rad na prijavi „${t}” je završen i provjerava se.`,
      8: (t) => `Prijava „${t}” je riješena.`,
    },
    reply: (a, t) => `${a} – odgovor na vašu prijavu „${t}”:`,
    team: 'Tim',
    declined: (t) => `Vaša prijava „${t}” je odbijena.`,
    message: 'Poruka:',
    follow: 'Pratite svoju prijavu:',
    unsubscribe: 'Odjava od ovih e-mailova:',
    watcher: (o) => `Ovaj e-mail primate jer je vaša adresa navedena uz ovaj zadatak (${o}).`,
  },
  uk: {
    hello: (n) => (n ? `Вітаємо, ${n}!` : 'Вітаємо!'),
    subject: {
      received: (t) => `Повідомлення отримано: ${t}`,
      status: { 6: (t) => `У роботі: ${t}`, 7: (t) => `На перевірці: ${t}`, 8: (t) => `Завершено: ${t}` },
      reply: (t) => `Нова відповідь: ${t}`,
      declined: (t) => `Відхилено: ${t}`,
    },
    received: (o, t) => `Ваше повідомлення «${t}» отримано (${o}). Дякуємо!`,
    status: {
      6: (t) => `Роботу над «${t}» розпочато.`,
      7: (t) => `Роботу над «${t}» виконано, її перевіряють.`,
      8: (t) => `«${t}» завершено.`,
    },
    reply: (a, t) => `${a} відповідає на ваше повідомлення «${t}»:`,
    team: 'Команда',
    declined: (t) => `Ваше повідомлення «${t}» відхилено.`,
    message: 'Повідомлення:',
    follow: 'Стежити за повідомленням:',
    unsubscribe: 'Відписатися від цих листів:',
    watcher: (o) => `Ви отримали цей лист, бо вашу адресу вказано в цьому завданні (${o}).`,
  },
  ru: {
    hello: (n) => (n ? `Здравствуйте, ${n}!` : 'Здравствуйте!'),
    subject: {
      received: (t) => `Сообщение получено: ${t}`,
      status: { 6: (t) => `В работе: ${t}`, 7: (t) => `На проверке: ${t}`, 8: (t) => `Завершено: ${t}` },
      reply: (t) => `Новый ответ: ${t}`,
      declined: (t) => `Отклонено: ${t}`,
    },
    received: (o, t) => `Ваше сообщение «${t}» получено (${o}). Спасибо!`,
    status: {
      6: (t) => `Работа над «${t}» началась.`,
      7: (t) => `Работа над «${t}» выполнена и проверяется.`,
      8: (t) => `«${t}» завершено.`,
    },
    reply: (a, t) => `${a} отвечает на ваше сообщение «${t}»:`,
    team: 'Команда',
    declined: (t) => `Ваше сообщение «${t}» отклонено.`,
    message: 'Сообщение:',
    follow: 'Следить за сообщением:',
    unsubscribe: 'Отписаться от этих писем:',
    watcher: (o) => `Вы получили это письмо, потому что ваш адрес указан в этой задаче (${o}).`,
  },
  it: {
    hello: (n) => (n ? `Gentile ${n},` : 'Buongiorno,'),
    subject: {
      received: (t) => `Segnalazione ricevuta: ${t}`,
      status: { 6: (t) => `In corso: ${t}`, 7: (t) => `In verifica: ${t}`, 8: (t) => `Completata: ${t}` },
      reply: (t) => `Nuova risposta: ${t}`,
      declined: (t) => `Rifiutata: ${t}`,
    },
    received: (o, t) => `${o} ha ricevuto la tua segnalazione "${t}". Grazie!`,
    status: {
      6: (t) => `I lavori per "${t}" sono iniziati.`,
      7: (t) => `I lavori per "${t}" sono terminati e sono in fase di verifica.`,
      8: (t) => `La segnalazione "${t}" è stata completata.`,
    },
    reply: (a, t) => `${a} ha risposto alla tua segnalazione "${t}":`,
    team: 'Il team',
    declined: (t) => `La tua segnalazione "${t}" è stata rifiutata.`,
    message: 'Messaggio:',
    follow: 'Segui la tua segnalazione:',
    unsubscribe: 'Non ricevere più queste e-mail:',
    watcher: (o) => `Ricevi questa e-mail perché il tuo indirizzo è indicato in questa attività presso ${o}.`,
  },
  hu: {
    hello: (n) => (n ? `Kedves ${n}!` : 'Tisztelt Bejelentő!'),
    subject: {
      received: (t) => `Bejelentés beérkezett: ${t}`,
      status: {
        6: (t) => `Folyamatban: ${t}`,
        7: (t) => `Ellenőrzés alatt: ${t}`,
        8: (t) => `Lezárva: ${t}`,
      },
      reply: (t) => `Új válasz: ${t}`,
      declined: (t) => `Elutasítva: ${t}`,
    },
    received: (o, t) => `Bejelentése („${t}”) megérkezett ide: ${o}. Köszönjük!`,
    status: {
      6: (t) => `Megkezdődött a munka ezen: „${t}”.`,
      7: (t) => `A munka elkészült ezen: „${t}”, most ellenőrzik.`,
      8: (t) => `A bejelentés lezárult: „${t}”.`,
    },
    reply: (a, t) => `${a} válaszolt a bejelentésére („${t}”):`,
    team: 'A csapat',
    declined: (t) => `A bejelentését („${t}”) elutasították.`,
    message: 'Üzenet:',
    follow: 'A bejelentés követése:',
    unsubscribe: 'Leiratkozás ezekről az e-mailekről:',
    watcher: (o) => `Azért kapja ezt az e-mailt, mert a címe meg van adva ennél a feladatnál (${o}).`,
  },
  ro: {
    hello: (n) => (n ? `Bună ziua, ${n},` : 'Bună ziua,'),
    subject: {
      received: (t) => `Sesizare primită: ${t}`,
      status: { 6: (t) => `În lucru: ${t}`, 7: (t) => `În verificare: ${t}`, 8: (t) => `Finalizată: ${t}` },
      reply: (t) => `Răspuns nou: ${t}`,
      declined: (t) => `Respinsă: ${t}`,
    },
    received: (o, t) => `${o} a primit sesizarea dumneavoastră „${t}”. Vă mulțumim!`,
    status: {
      6: (t) => `Lucrul la „${t}” a început.`,
      7: (t) => `Lucrul la „${t}” s-a încheiat și este în verificare.`,
      8: (t) => `Sesizarea „${t}” a fost finalizată.`,
    },
    reply: (a, t) => `${a} a răspuns la sesizarea dumneavoastră „${t}”:`,
    team: 'Echipa',
    declined: (t) => `Sesizarea dumneavoastră „${t}” a fost respinsă.`,
    message: 'Mesaj:',
    follow: 'Urmăriți sesizarea:',
    unsubscribe: 'Dezabonare de la aceste e-mailuri:',
    watcher: (o) =>
      `Primiți acest e-mail deoarece adresa dumneavoastră este trecută la această sarcină (${o}).`,
  },
};

/** The mail_outbox kinds of the public area. */
export const PUBLIC_MAIL_KINDS = {
  received: 'public_report_received',
  status: 'public_report_status',
  reply: 'public_report_reply',
  declined: 'public_report_declined',
  watcher: 'external_watcher_status',
} as const;

const esc = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const isMailedStatus = (id: number): id is MailedStatus =>
  (PUBLIC_MAILED_STATUSES as readonly number[]).includes(id);

/** A block of a mail: a paragraph, a quoted text, or a labelled link. */
type Block = { text: string } | { quote: string } | { label: string; url: string };

function render(blocks: Block[]): { text: string; html: string } {
  const text = blocks
    .map((b) => ('url' in b ? `${b.label}\n${b.url}` : 'quote' in b ? b.quote.replace(/^/gm, '> ') : b.text))
    .join('\n\n');
  const html = blocks
    .map((b) =>
      'url' in b
        ? `<p>${esc(b.label)}<br><a href="${esc(b.url)}">${esc(b.url)}</a></p>`
        : 'quote' in b
          ? `<blockquote style="margin:0 0 1em;padding-left:12px;border-left:3px solid #ccc">${esc(b.quote).replace(/\r?\n/g, '<br>')}</blockquote>`
          : `<p>${esc(b.text)}</p>`,
    )
    .join('\n');
  return { text: `${text}\n`, html: `<!doctype html><html><body>${html}</body></html>` };
}

export type PublicMailArgs = {
  language: string | null;
  name: string | null;
  title: string;
  organisation: string;
  event: PublicMailEvent;
  followUrl: string | null;
  unsubscribeUrl: string;
};

/** A reporter's mail of an event, in their language (English when it is not one of the ten). */
export function reporterMail(args: PublicMailArgs): { subject: string; text: string; html: string } {
  const t = TEXTS[tryResolveLanguage(args.language) ?? 'en'];
  const { title, organisation: org, event } = args;
  const blocks: Block[] = [{ text: t.hello(args.name) }];
  let subject: string;
  switch (event.kind) {
    case 'received':
      subject = t.subject.received(title);
      blocks.push({ text: t.received(org, title) });
      break;
    case 'status': {
      const status = isMailedStatus(event.statusId) ? event.statusId : ISSUE_STATUS.inProgress;
      subject = t.subject.status[status](title);
      blocks.push({ text: t.status[status](title) });
      break;
    }
    case 'reply':
      subject = t.subject.reply(title);
      blocks.push({ text: t.reply(event.author || t.team, title) }, { quote: event.comment });
      break;
    case 'declined':
      subject = t.subject.declined(title);
      blocks.push({ text: t.declined(title) });
      if (event.message) blocks.push({ text: t.message }, { quote: event.message });
      break;
  }
  if (args.followUrl) blocks.push({ label: t.follow, url: args.followUrl });
  blocks.push({ label: t.unsubscribe, url: args.unsubscribeUrl }, { text: `— ${org}` });
  return { subject: `${subject} · ${org}`, ...render(blocks) };
}

/** The mail to an issue's external address about a status change. */
export function watcherMail(args: {
  language: string | null;
  title: string;
  organisation: string;
  statusId: MailedStatus;
  unsubscribeUrl: string;
}): { subject: string; text: string; html: string } {
  const t = TEXTS[tryResolveLanguage(args.language) ?? 'en'];
  const blocks: Block[] = [
    { text: t.hello(null) },
    { text: t.status[args.statusId](args.title) },
    { text: t.watcher(args.organisation) },
    { label: t.unsubscribe, url: args.unsubscribeUrl },
    { text: `— ${args.organisation}` },
  ];
  return {
    subject: `${t.subject.status[args.statusId](args.title)} · ${args.organisation}`,
    ...render(blocks),
  };
}

/** The issue's title and creator's language, and its organisation's name (a live issue). */
function findMailFacts(db: Db, issue: { id: number; client_id: number }) {
  return db
    .selectFrom('issues as i')
    .innerJoin('clients as c', 'c.id', 'i.client_id')
    .leftJoin('users as u', 'u.id', 'i.created_by')
    .select(['i.title', 'c.name as organisation', 'u.language as creator_language'])
    .where('i.client_id', '=', issue.client_id)
    .where('i.id', '=', issue.id)
    .where('i.deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Mails the reporter of a publicly reported issue about an event (through the outbox, in the
 * caller's transaction), in the language they reported in, when they gave an address and did
 * not unsubscribe. Answers the address mailed, or null when there is nobody to mail.
 */
export async function mailReporter(
  ctx: Pick<AppContext, 'config'>,
  db: Db,
  issue: { id: number; client_id: number },
  event: PublicMailEvent,
): Promise<{ sentTo: string } | null> {
  const link = await findLink(db, issue.client_id, issue.id, 'reporter');
  if (!link?.email || !link.subscribed) return null;
  const facts = await findMailFacts(db, issue);
  if (!facts) return null;
  return sendReporterMail(ctx, db, issue, link, facts, event);
}

async function sendReporterMail(
  ctx: Pick<AppContext, 'config'>,
  db: Db,
  issue: { id: number; client_id: number },
  link: PublicLinkRow,
  facts: { title: string; organisation: string },
  event: PublicMailEvent,
): Promise<{ sentTo: string } | null> {
  if (!link.email) return null;
  const { form } = await readPublicFormConfig(db, issue.client_id, link.form_type);
  const mail = reporterMail({
    language: link.language,
    name: link.reporter_name,
    title: facts.title,
    organisation: facts.organisation,
    event,
    followUrl: form.allow_follow ? followUrl(ctx.config.appUrl, issue.id, link.token) : null,
    unsubscribeUrl: reporterUnsubscribeUrl(ctx.config.appUrl, issue.id, link.token),
  });
  await enqueueMail(db, {
    clientId: issue.client_id,
    to: link.email,
    kind: PUBLIC_MAIL_KINDS[event.kind],
    ...mail,
  });
  return { sentTo: link.email };
}

/**
 * The unsubscribe link of the mails to an issue's external address (kind watcher), made when
 * the first mail goes; when the address changed since, it follows the new address, subscribed.
 */
async function watcherLinkFor(
  db: Db,
  issue: { id: number; client_id: number },
  email: string,
  defaults: { language: string; form_type: PublicLinkRow['form_type'] },
): Promise<PublicLinkRow> {
  const current = await findLink(db, issue.client_id, issue.id, 'watcher');
  const now = new Date();
  if (current) {
    if (current.email?.toLowerCase() === email.toLowerCase()) return current;
    return db
      .updateTable('public_issue_links')
      .set({ email, subscribed: true, updated_at: now })
      .where('id', '=', current.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  return db
    .insertInto('public_issue_links')
    .values({
      client_id: issue.client_id,
      issue_id: issue.id,
      kind: 'watcher',
      reporter_id: null,
      email,
      reporter_name: null,
      language: defaults.language,
      token: newLinkToken(),
      subscribed: true,
      form_type: defaults.form_type,
      declined_notification_sent_at: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The status hook (called where an issue's status changes, in that transaction): a move to one
 * of PUBLIC_MAILED_STATUSES mails the public reporter (unless `reporter` is false: the reporter
 * made the change) and the issue's external address (once, when it is the reporter's too).
 * applyIssueStatus calls it only for an issue reported publicly or with an external address.
 */
export async function mailPublicStatusChange(
  ctx: Pick<AppContext, 'config'>,
  db: Db,
  issue: { id: number; client_id: number; external_email_address: string | null },
  statusId: number,
  options: { reporter?: boolean } = {},
): Promise<void> {
  if (!isMailedStatus(statusId)) return;
  const link = await findLink(db, issue.client_id, issue.id, 'reporter');
  const toReporter = !!link?.email && link.subscribed && options.reporter !== false;
  const external = issue.external_email_address?.trim() || null;
  const toWatcher = !!external && external.toLowerCase() !== link?.email?.toLowerCase();
  if (!toReporter && !toWatcher) return;
  const facts = await findMailFacts(db, issue);
  if (!facts) return;
  if (link && toReporter) await sendReporterMail(ctx, db, issue, link, facts, { kind: 'status', statusId });
  if (!external || !toWatcher) return;
  const watcher = await watcherLinkFor(db, issue, external, {
    language: link?.language ?? tryResolveLanguage(facts.creator_language) ?? 'en',
    form_type: link?.form_type ?? 'workspace',
  });
  if (!watcher.subscribed || !watcher.email) return;
  const mail = watcherMail({
    language: watcher.language,
    title: facts.title,
    organisation: facts.organisation,
    statusId,
    unsubscribeUrl: watcherUnsubscribeUrl(ctx.config.appUrl, issue.id, watcher.token),
  });
  await enqueueMail(db, {
    clientId: issue.client_id,
    to: watcher.email,
    kind: PUBLIC_MAIL_KINDS.watcher,
    ...mail,
  });
}
