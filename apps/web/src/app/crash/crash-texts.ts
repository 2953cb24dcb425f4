import type { CrashScreenLanguage } from '@workbench/domain';

/**
 * The crash screen's texts (000 §2, §8) live here and not in the locale files: the screen must
 * show even when loading translations is what failed.
 */
export const CRASH_TEXTS: Record<
  CrashScreenLanguage,
  { title: string; report: string; later: string; reload: string }
> = {
  en: {
    title: 'We are working on it',
    report: 'Something went wrong. An automated report has been sent to our team.',
    later: 'Please refresh the page or come back later.',
    reload: 'Reload',
  },
  de: {
    title: 'Wir arbeiten daran',
    report: 'Etwas ist schiefgelaufen. Ein automatischer Bericht wurde an unser Team gesendet.',
    later: 'Bitte laden Sie die Seite neu oder kommen Sie später wieder.',
    reload: 'Neu laden',
  },
  yu: {
    title: 'Radimo na tome',
    report: 'Nešto je pošlo po zlu. Automatski izvještaj je poslan našem timu.',
    later: 'Molimo osvježite stranicu ili se vratite kasnije.',
    reload: 'Ponovo učitaj',
  },
  pl: {
    title: 'Pracujemy nad tym',
    report: 'Coś poszło nie tak. Automatyczny raport został wysłany do naszego zespołu.',
    later: 'Odśwież stronę lub wróć później.',
    reload: 'Odśwież',
  },
  tr: {
    title: 'Üzerinde çalışıyoruz',
    report: 'Bir şeyler ters gitti. Ekibimize otomatik bir rapor gönderildi.',
    later: 'Lütfen sayfayı yenileyin veya daha sonra tekrar gelin.',
    reload: 'Yeniden yükle',
  },
};
