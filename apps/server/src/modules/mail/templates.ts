import type { UiLanguage } from '@workbench/domain';
import { ACCOUNT_MAIL_TEXTS } from './account-mail-texts.js';

/**
 * Plain, short e-mails with one link each, in the addressee's language: a person's own; for an
 * address without one, the organisation's default_language (mail-language.ts).
 */
type Link = { name: string; url: string };

function render(greeting: string, lines: string[], link: Link, footer: string) {
  const text = `${greeting}\n\n${lines.join('\n')}\n\n${link.url}\n\n${footer}\n`;
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const html = `<p>${esc(greeting)}</p>${lines.map((l) => `<p>${esc(l)}</p>`).join('')}<p><a href="${esc(link.url)}">${esc(link.name)}</a></p><p style="color:#666">${esc(footer)}</p>`;
  return { text, html };
}

export function passwordResetMail(name: string, url: string, language: UiLanguage = 'en') {
  const t = ACCOUNT_MAIL_TEXTS[language];
  return {
    subject: t.reset.subject,
    ...render(t.hello(name), [t.reset.asked, t.reset.open], { name: t.newPassword, url }, t.reset.keep),
  };
}

export function loginLinkMail(name: string, url: string, language: UiLanguage = 'en') {
  const t = ACCOUNT_MAIL_TEXTS[language];
  return {
    subject: t.loginLink.subject,
    ...render(t.hello(name), [t.loginLink.open], { name: t.loginLink.button, url }, t.ignore),
  };
}

type InviteTexts = {
  subject: (company: string) => string;
  hello: (name: string) => string;
  invited: (company: string) => string;
  open: string;
  button: string;
  valid: string;
};

const INVITE_TEXTS: Record<UiLanguage, InviteTexts> = {
  en: {
    subject: (c) => `You are invited to ${c} on Workbench`,
    hello: (n) => `Hello ${n},`,
    invited: (c) => `${c} invited you to Workbench.`,
    open: 'Open this link to choose your password and activate your account:',
    button: 'Activate my account',
    valid: 'The link is valid for 7 days.',
  },
  de: {
    subject: (c) => `Sie sind zu ${c} auf Workbench eingeladen`,
    hello: (n) => `Hallo ${n},`,
    invited: (c) => `${c} hat Sie zu Workbench eingeladen.`,
    open: 'Öffnen Sie diesen Link, um Ihr Passwort zu wählen und Ihr Konto zu aktivieren:',
    button: 'Mein Konto aktivieren',
    valid: 'Der Link ist 7 Tage gültig.',
  },
  hr: {
    subject: (c) => `Pozvani ste u ${c} na Workbenchu`,
    hello: (n) => `Pozdrav ${n},`,
    invited: (c) => `${c} vas je pozvao u Workbench.`,
    open: 'Otvorite ovu poveznicu kako biste odabrali lozinku i aktivirali račun:',
    button: 'Aktiviraj moj račun',
    valid: 'Poveznica vrijedi 7 dana.',
  },
  hu: {
    subject: (c) => `Meghívást kapott a(z) ${c} szervezetbe a Workbenchen`,
    hello: (n) => `Kedves ${n}!`,
    invited: (c) => `A(z) ${c} meghívta Önt a Workbenchbe.`,
    open: 'Nyissa meg ezt a linket, hogy jelszót válasszon és aktiválja fiókját:',
    button: 'Fiókom aktiválása',
    valid: 'A link 7 napig érvényes.',
  },
  it: {
    subject: (c) => `Sei stato invitato in ${c} su Workbench`,
    hello: (n) => `Ciao ${n},`,
    invited: (c) => `${c} ti ha invitato su Workbench.`,
    open: 'Apri questo link per scegliere la password e attivare il tuo account:',
    button: 'Attiva il mio account',
    valid: 'Il link è valido per 7 giorni.',
  },
  pl: {
    subject: (c) => `Zaproszenie do ${c} w Workbench`,
    hello: (n) => `Dzień dobry ${n},`,
    invited: (c) => `${c} zaprasza Cię do Workbench.`,
    open: 'Otwórz ten link, aby wybrać hasło i aktywować konto:',
    button: 'Aktywuj moje konto',
    valid: 'Link jest ważny przez 7 dni.',
  },
  ro: {
    subject: (c) => `Sunteți invitat în ${c} pe Workbench`,
    hello: (n) => `Bună ziua ${n},`,
    invited: (c) => `${c} v-a invitat în Workbench.`,
    open: 'Deschideți acest link pentru a vă alege parola și a vă activa contul:',
    button: 'Activează-mi contul',
    valid: 'Linkul este valabil 7 zile.',
  },
  ru: {
    subject: (c) => `Вас пригласили в ${c} в Workbench`,
    hello: (n) => `Здравствуйте, ${n}!`,
    invited: (c) => `${c} приглашает вас в Workbench.`,
    open: 'Откройте эту ссылку, чтобы выбрать пароль и активировать учётную запись:',
    button: 'Активировать учётную запись',
    valid: 'Ссылка действительна 7 дней.',
  },
  tr: {
    subject: (c) => `Workbench'te ${c} kuruluşuna davet edildiniz`,
    hello: (n) => `Merhaba ${n},`,
    invited: (c) => `${c} sizi Workbench'e davet etti.`,
    open: 'Şifrenizi seçmek ve hesabınızı etkinleştirmek için bu bağlantıyı açın:',
    button: 'Hesabımı etkinleştir',
    valid: 'Bağlantı 7 gün geçerlidir.',
  },
  uk: {
    subject: (c) => `Вас запрошено до ${c} у Workbench`,
    hello: (n) => `Вітаємо, ${n}!`,
    invited: (c) => `${c} запрошує вас до Workbench.`,
    open: 'Відкрийте це посилання, щоб вибрати пароль і активувати обліковий запис:',
    button: 'Активувати обліковий запис',
    valid: 'Посилання дійсне 7 днів.',
  },
};

export function inviteMail(name: string, companyName: string, url: string, language: UiLanguage = 'en') {
  const t = INVITE_TEXTS[language];
  return {
    subject: t.subject(companyName),
    ...render(t.hello(name), [t.invited(companyName), t.open], { name: t.button, url }, t.valid),
  };
}

/** An invitation to a person who has an account already: they join through the link (7 days). */
export function joinOrganisationMail(
  inviterName: string,
  companyName: string,
  url: string,
  language: UiLanguage = 'en',
) {
  const t = ACCOUNT_MAIL_TEXTS[language].join;
  return {
    subject: t.subject(companyName),
    ...render(
      ACCOUNT_MAIL_TEXTS[language].helloPlain,
      [t.invites(inviterName, companyName), t.open],
      { name: t.button(companyName), url },
      t.footer,
    ),
  };
}

type CollaborationTexts = {
  subject: (owner: string) => string;
  hello: string;
  invites: (inviter: string, owner: string, type: 'client' | 'provider') => string;
  full: string;
  limited: string;
  open: string;
  button: string;
  decline: (url: string) => string;
};

const COLLABORATION_TEXTS: Record<UiLanguage, CollaborationTexts> = {
  en: {
    subject: (o) => `${o} invites you to collaborate on Workbench`,
    hello: 'Hello,',
    invites: (i, o, t) =>
      `${i} of ${o} invites your company to work together on Workbench, as their ${t === 'client' ? 'client' : 'provider'}.`,
    full: 'Your people will see all work in the workspaces they share with you.',
    limited: 'Your people will see their own work in the workspaces they share with you.',
    open: 'Open this link to accept the invitation:',
    button: 'Accept the invitation',
    decline: (u) => `Not interested? Decline here: ${u} (the links are valid for 30 days).`,
  },
  de: {
    subject: (o) => `${o} lädt Sie zur Zusammenarbeit auf Workbench ein`,
    hello: 'Hallo,',
    invites: (i, o, t) =>
      `${i} von ${o} lädt Ihr Unternehmen zur Zusammenarbeit auf Workbench ein, als ${t === 'client' ? 'Kunde' : 'Dienstleister'}.`,
    full: 'Ihre Mitarbeitenden sehen alle Arbeiten in den Arbeitsbereichen, die mit Ihnen geteilt werden.',
    limited:
      'Ihre Mitarbeitenden sehen ihre eigenen Arbeiten in den Arbeitsbereichen, die mit Ihnen geteilt werden.',
    open: 'Öffnen Sie diesen Link, um die Einladung anzunehmen:',
    button: 'Einladung annehmen',
    decline: (u) => `Kein Interesse? Hier ablehnen: ${u} (die Links sind 30 Tage gültig).`,
  },
  hr: {
    subject: (o) => `${o} vas poziva na suradnju na Workbenchu`,
    hello: 'Pozdrav,',
    invites: (i, o, t) =>
      `${i} iz ${o} poziva vašu tvrtku na suradnju na Workbenchu, kao ${t === 'client' ? 'klijenta' : 'pružatelja usluga'}.`,
    full: 'Vaši ljudi vidjet će sav rad u radnim prostorima koje dijele s vama.',
    limited: 'Vaši ljudi vidjet će svoj rad u radnim prostorima koje dijele s vama.',
    open: 'Otvorite ovu poveznicu kako biste prihvatili poziv:',
    button: 'Prihvati poziv',
    decline: (u) => `Ne zanima vas? Odbijte ovdje: ${u} (poveznice vrijede 30 dana).`,
  },
  hu: {
    subject: (o) => `A(z) ${o} együttműködésre hívja a Workbenchen`,
    hello: 'Üdvözöljük!',
    invites: (i, o, t) =>
      `${i} (${o}) együttműködésre hívja cégét a Workbenchen, ${t === 'client' ? 'ügyfélként' : 'szolgáltatóként'}.`,
    full: 'Munkatársai minden munkát látnak a megosztott munkaterületeken.',
    limited: 'Munkatársai a saját munkájukat látják a megosztott munkaterületeken.',
    open: 'Nyissa meg ezt a linket a meghívás elfogadásához:',
    button: 'Meghívás elfogadása',
    decline: (u) => `Nem érdekli? Itt utasíthatja el: ${u} (a linkek 30 napig érvényesek).`,
  },
  it: {
    subject: (o) => `${o} ti invita a collaborare su Workbench`,
    hello: 'Ciao,',
    invites: (i, o, t) =>
      `${i} di ${o} invita la tua azienda a collaborare su Workbench, come ${t === 'client' ? 'cliente' : 'fornitore'}.`,
    full: 'Le tue persone vedranno tutto il lavoro negli spazi di lavoro condivisi con te.',
    limited: 'Le tue persone vedranno il proprio lavoro negli spazi di lavoro condivisi con te.',
    open: "Apri questo link per accettare l'invito:",
    button: "Accetta l'invito",
    decline: (u) => `Non ti interessa? Rifiuta qui: ${u} (i link sono validi 30 giorni).`,
  },
  pl: {
    subject: (o) => `${o} zaprasza do współpracy w Workbench`,
    hello: 'Dzień dobry,',
    invites: (i, o, t) =>
      `${i} z ${o} zaprasza Twoją firmę do współpracy w Workbench jako ${t === 'client' ? 'klienta' : 'dostawcę usług'}.`,
    full: 'Twoi ludzie zobaczą całą pracę w udostępnionych obszarach roboczych.',
    limited: 'Twoi ludzie zobaczą swoją pracę w udostępnionych obszarach roboczych.',
    open: 'Otwórz ten link, aby przyjąć zaproszenie:',
    button: 'Przyjmij zaproszenie',
    decline: (u) => `Nie jesteś zainteresowany? Odrzuć tutaj: ${u} (linki są ważne 30 dni).`,
  },
  ro: {
    subject: (o) => `${o} vă invită să colaborați pe Workbench`,
    hello: 'Bună ziua,',
    invites: (i, o, t) =>
      `${i} de la ${o} invită compania dvs. să colaboreze pe Workbench, ca ${t === 'client' ? 'client' : 'furnizor'}.`,
    full: 'Oamenii dvs. vor vedea toată munca din spațiile de lucru partajate cu dvs.',
    limited: 'Oamenii dvs. își vor vedea propria muncă din spațiile de lucru partajate cu dvs.',
    open: 'Deschideți acest link pentru a accepta invitația:',
    button: 'Acceptă invitația',
    decline: (u) => `Nu vă interesează? Refuzați aici: ${u} (linkurile sunt valabile 30 de zile).`,
  },
  ru: {
    subject: (o) => `${o} приглашает вас к сотрудничеству в Workbench`,
    hello: 'Здравствуйте!',
    invites: (i, o, t) =>
      `${i} из ${o} приглашает вашу компанию к совместной работе в Workbench в качестве ${t === 'client' ? 'клиента' : 'подрядчика'}.`,
    full: 'Ваши сотрудники увидят всю работу в общих рабочих пространствах.',
    limited: 'Ваши сотрудники увидят свою работу в общих рабочих пространствах.',
    open: 'Откройте эту ссылку, чтобы принять приглашение:',
    button: 'Принять приглашение',
    decline: (u) => `Не интересно? Отклоните здесь: ${u} (ссылки действительны 30 дней).`,
  },
  tr: {
    subject: (o) => `${o} sizi Workbench'te iş birliğine davet ediyor`,
    hello: 'Merhaba,',
    invites: (i, o, t) =>
      `${o} kuruluşundan ${i}, şirketinizi Workbench'te ${t === 'client' ? 'müşteri' : 'hizmet sağlayıcı'} olarak birlikte çalışmaya davet ediyor.`,
    full: 'Çalışanlarınız sizinle paylaşılan çalışma alanlarındaki tüm işleri görecek.',
    limited: 'Çalışanlarınız sizinle paylaşılan çalışma alanlarındaki kendi işlerini görecek.',
    open: 'Daveti kabul etmek için bu bağlantıyı açın:',
    button: 'Daveti kabul et',
    decline: (u) => `İlgilenmiyor musunuz? Buradan reddedin: ${u} (bağlantılar 30 gün geçerlidir).`,
  },
  uk: {
    subject: (o) => `${o} запрошує вас до співпраці у Workbench`,
    hello: 'Вітаємо!',
    invites: (i, o, t) =>
      `${i} з ${o} запрошує вашу компанію до спільної роботи у Workbench як ${t === 'client' ? 'клієнта' : 'підрядника'}.`,
    full: 'Ваші працівники бачитимуть усю роботу в спільних робочих просторах.',
    limited: 'Ваші працівники бачитимуть свою роботу в спільних робочих просторах.',
    open: 'Відкрийте це посилання, щоб прийняти запрошення:',
    button: 'Прийняти запрошення',
    decline: (u) => `Не цікаво? Відхиліть тут: ${u} (посилання дійсні 30 днів).`,
  },
};

/** A partner invitation: accept or decline through the public page (links valid for 30 days). */
export function collaborationInviteMail(args: {
  inviterName: string;
  ownerName: string;
  partnerType: 'client' | 'provider';
  accessType: 'full' | 'limited';
  acceptUrl: string;
  declineUrl: string;
  language?: UiLanguage;
}) {
  const t = COLLABORATION_TEXTS[args.language ?? 'en'];
  const mail = render(
    t.hello,
    [
      t.invites(args.inviterName, args.ownerName, args.partnerType),
      args.accessType === 'full' ? t.full : t.limited,
      t.open,
    ],
    { name: t.button, url: args.acceptUrl },
    t.decline(args.declineUrl),
  );
  return { subject: t.subject(args.ownerName), ...mail };
}

/**
 * Failed logins on an account (sent at most once an hour): what happened, that known devices
 * are not held up, and what to do. The link asks for a reset mail.
 */
export function failedLoginsMail(name: string, url: string, language: UiLanguage = 'en') {
  const t = ACCOUNT_MAIL_TEXTS[language];
  return {
    subject: t.failed.subject,
    ...render(t.hello(name), [...t.failed.lines], { name: t.newPassword, url }, t.failed.once),
  };
}
