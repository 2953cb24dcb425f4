import { tryResolveLanguage, type UiLanguage } from '@workbench/domain';

/**
 * The e-mail a finder's report sends (001 §2 "update as found") to the managers of an item or a
 * group, or to the organisation's admins when it has none, in each recipient's language.
 */
type FoundTexts = {
  subject: (title: string) => string;
  greeting: (name: string) => string;
  intro: (title: string) => string;
  name: string;
  contact: string;
  message: string;
  location: string;
  nothing: string;
  open: string;
};

const TEXTS: Record<UiLanguage, FoundTexts> = {
  en: {
    subject: (t) => `Found: ${t}`,
    greeting: (n) => `Hello ${n},`,
    intro: (t) => `Someone found "${t}" and reported it on its public page.`,
    name: 'Name',
    contact: 'Contact',
    message: 'Message',
    location: 'Location',
    nothing: 'The finder left no details.',
    open: 'Open in Workbench',
  },
  de: {
    subject: (t) => `Gefunden: ${t}`,
    greeting: (n) => `Hallo ${n},`,
    intro: (t) => `Jemand hat „${t}“ gefunden und auf der öffentlichen Seite gemeldet.`,
    name: 'Name',
    contact: 'Kontakt',
    message: 'Nachricht',
    location: 'Standort',
    nothing: 'Der Finder hat keine Angaben hinterlassen.',
    open: 'In Workbench öffnen',
  },
  pl: {
    subject: (t) => `Znaleziono: ${t}`,
    greeting: (n) => `Dzień dobry ${n},`,
    intro: (t) => `Ktoś znalazł „${t}” i zgłosił to na publicznej stronie.`,
    name: 'Imię i nazwisko',
    contact: 'Kontakt',
    message: 'Wiadomość',
    location: 'Lokalizacja',
    nothing: 'Znalazca nie podał żadnych danych.',
    open: 'Otwórz w Workbench',
  },
  tr: {
    subject: (t) => `Bulundu: ${t}`,
    greeting: (n) => `Merhaba ${n},`,
    intro: (t) => `Birisi "${t}" öğesini buldu ve herkese açık sayfasında bildirdi.`,
    name: 'Ad',
    contact: 'İletişim',
    message: 'Mesaj',
    location: 'Konum',
    nothing: 'Bulan kişi bilgi bırakmadı.',
    open: "Workbench'te aç",
  },
  hr: {
    subject: (t) => `Pronađeno: ${t}`,
    greeting: (n) => `Pozdrav ${n},`,
    intro: (t) => `Netko je pronašao „${t}” i prijavio to na javnoj stranici.`,
    name: 'Ime',
    contact: 'Kontakt',
    message: 'Poruka',
    location: 'Lokacija',
    nothing: 'Pronalazač nije ostavio podatke.',
    open: 'Otvori u Workbenchu',
  },
  uk: {
    subject: (t) => `Знайдено: ${t}`,
    greeting: (n) => `Вітаємо, ${n}!`,
    intro: (t) => `Хтось знайшов «${t}» і повідомив про це на публічній сторінці.`,
    name: "Ім'я",
    contact: 'Контакт',
    message: 'Повідомлення',
    location: 'Місце',
    nothing: 'Той, хто знайшов, не залишив даних.',
    open: 'Відкрити у Workbench',
  },
  ru: {
    subject: (t) => `Найдено: ${t}`,
    greeting: (n) => `Здравствуйте, ${n}!`,
    intro: (t) => `Кто-то нашёл «${t}» и сообщил об этом на публичной странице.`,
    name: 'Имя',
    contact: 'Контакт',
    message: 'Сообщение',
    location: 'Место',
    nothing: 'Нашедший не оставил данных.',
    open: 'Открыть в Workbench',
  },
  it: {
    subject: (t) => `Trovato: ${t}`,
    greeting: (n) => `Ciao ${n},`,
    intro: (t) => `Qualcuno ha trovato "${t}" e lo ha segnalato sulla pagina pubblica.`,
    name: 'Nome',
    contact: 'Contatto',
    message: 'Messaggio',
    location: 'Posizione',
    nothing: 'Chi lo ha trovato non ha lasciato dati.',
    open: 'Apri in Workbench',
  },
  hu: {
    subject: (t) => `Megtalálva: ${t}`,
    greeting: (n) => `Kedves ${n}!`,
    intro: (t) => `Valaki megtalálta ezt: „${t}”, és jelezte a nyilvános oldalán.`,
    name: 'Név',
    contact: 'Elérhetőség',
    message: 'Üzenet',
    location: 'Helyszín',
    nothing: 'A megtaláló nem adott meg adatokat.',
    open: 'Megnyitás a Workbenchben',
  },
  ro: {
    subject: (t) => `Găsit: ${t}`,
    greeting: (n) => `Bună ${n},`,
    intro: (t) => `Cineva a găsit „${t}” și a raportat acest lucru pe pagina publică.`,
    name: 'Nume',
    contact: 'Contact',
    message: 'Mesaj',
    location: 'Locație',
    nothing: 'Cel care l-a găsit nu a lăsat date.',
    open: 'Deschide în Workbench',
  },
};

export type FoundReportDetails = {
  finder_name: string | null;
  finder_contact: string | null;
  message: string | null;
  latitude: number | null;
  longitude: number | null;
};

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The found e-mail for one recipient, in their language (English when it is not one of the ten). */
export function foundReportMail(args: {
  language: string | null;
  recipientName: string;
  title: string;
  url: string;
  report: FoundReportDetails;
}): { subject: string; text: string; html: string } {
  const t = TEXTS[tryResolveLanguage(args.language) ?? 'en'];
  const { report } = args;
  const lines: string[] = [];
  if (report.finder_name) lines.push(`${t.name}: ${report.finder_name}`);
  if (report.finder_contact) lines.push(`${t.contact}: ${report.finder_contact}`);
  if (report.message) lines.push(`${t.message}: ${report.message}`);
  if (report.latitude !== null && report.longitude !== null)
    lines.push(`${t.location}: ${report.latitude}, ${report.longitude}`);
  if (!lines.length) lines.push(t.nothing);
  const greeting = t.greeting(args.recipientName);
  const intro = t.intro(args.title);
  return {
    subject: t.subject(args.title),
    text: `${greeting}\n\n${intro}\n\n${lines.join('\n')}\n\n${args.url}\n`,
    html: `<p>${esc(greeting)}</p><p>${esc(intro)}</p>${lines.map((l) => `<p>${esc(l)}</p>`).join('')}<p><a href="${esc(args.url)}">${esc(t.open)}</a></p>`,
  };
}
