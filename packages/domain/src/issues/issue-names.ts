import type { UiLanguage } from '../i18n/languages.js';
import { PRIORITIES } from './statuses.js';

/**
 * Status and priority names in each interface language: the web's issue texts read them from
 * here (i18n: `issues.status.<id>`, `issues.priority.<name>`) and the server's exports write
 * them, so a list and its export always say the same.
 */
export type IssueStatusPriorityNames = {
  status: Record<number, string>;
  priority: Record<(typeof PRIORITIES)[number]['name'], string>;
};

export const ISSUE_STATUS_PRIORITY_NAMES: Record<UiLanguage, IssueStatusPriorityNames> = {
  en: {
    status: {
      0: 'Scheduled',
      1: 'Draft',
      2: 'To do',
      3: 'Awaiting acceptance',
      4: 'Declined',
      5: 'Accepted',
      6: 'In progress',
      7: 'In review',
      8: 'Completed',
    },
    priority: { no_priority: 'No priority', low: 'Low', normal: 'Normal', high: 'High', urgent: 'Urgent' },
  },
  de: {
    status: {
      0: 'Geplant',
      1: 'Entwurf',
      2: 'Zu erledigen',
      3: 'Wartet auf Annahme',
      4: 'Abgelehnt',
      5: 'Angenommen',
      6: 'In Arbeit',
      7: 'In Prüfung',
      8: 'Erledigt',
    },
    priority: {
      no_priority: 'Keine Priorität',
      low: 'Niedrig',
      normal: 'Mittel',
      high: 'Hoch',
      urgent: 'Dringend',
    },
  },
  pl: {
    status: {
      0: 'Zaplanowane',
      1: 'Szkic',
      2: 'Do zrobienia',
      3: 'Czeka na akceptację',
      4: 'Odrzucone',
      5: 'Przyjęte',
      6: 'W toku',
      7: 'Do sprawdzenia',
      8: 'Zakończone',
    },
    priority: {
      no_priority: 'Bez priorytetu',
      low: 'Niski',
      normal: 'Średni',
      high: 'Wysoki',
      urgent: 'Pilny',
    },
  },
  tr: {
    status: {
      0: 'Planlandı',
      1: 'Taslak',
      2: 'Yapılacak',
      3: 'Kabul bekliyor',
      4: 'Reddedildi',
      5: 'Kabul edildi',
      6: 'Devam ediyor',
      7: 'İncelemede',
      8: 'Tamamlandı',
    },
    priority: { no_priority: 'Öncelik yok', low: 'Düşük', normal: 'Orta', high: 'Yüksek', urgent: 'Acil' },
  },
  hr: {
    status: {
      0: 'Planirano',
      1: 'Nacrt',
      2: 'Za napraviti',
      3: 'Čeka prihvaćanje',
      4: 'Odbijeno',
      5: 'Prihvaćeno',
      6: 'U tijeku',
      7: 'Na provjeri',
      8: 'Završeno',
    },
    priority: {
      no_priority: 'Bez prioriteta',
      low: 'Nizak',
      normal: 'Srednji',
      high: 'Visok',
      urgent: 'Hitno',
    },
  },
  uk: {
    status: {
      0: 'Заплановано',
      1: 'Чернетка',
      2: 'До виконання',
      3: 'Очікує прийняття',
      4: 'Відхилено',
      5: 'Прийнято',
      6: 'Виконується',
      7: 'На перевірці',
      8: 'Завершено',
    },
    priority: {
      no_priority: 'Без пріоритету',
      low: 'Низький',
      normal: 'Звичайний',
      high: 'Високий',
      urgent: 'Терміновий',
    },
  },
  ru: {
    status: {
      0: 'Запланировано',
      1: 'Черновик',
      2: 'К выполнению',
      3: 'Ожидает принятия',
      4: 'Отклонено',
      5: 'Принято',
      6: 'В работе',
      7: 'На проверке',
      8: 'Завершено',
    },
    priority: {
      no_priority: 'Без приоритета',
      low: 'Низкий',
      normal: 'Обычный',
      high: 'Высокий',
      urgent: 'Срочный',
    },
  },
  it: {
    status: {
      0: 'Pianificata',
      1: 'Bozza',
      2: 'Da fare',
      3: 'In attesa di accettazione',
      4: 'Rifiutata',
      5: 'Accettata',
      6: 'In corso',
      7: 'In revisione',
      8: 'Completata',
    },
    priority: {
      no_priority: 'Nessuna priorità',
      low: 'Bassa',
      normal: 'Media',
      high: 'Alta',
      urgent: 'Urgente',
    },
  },
  hu: {
    status: {
      0: 'Ütemezett',
      1: 'Piszkozat',
      2: 'Teendő',
      3: 'Elfogadásra vár',
      4: 'Elutasítva',
      5: 'Elfogadva',
      6: 'Folyamatban',
      7: 'Ellenőrzés alatt',
      8: 'Befejezve',
    },
    priority: {
      no_priority: 'Nincs prioritás',
      low: 'Alacsony',
      normal: 'Közepes',
      high: 'Magas',
      urgent: 'Sürgős',
    },
  },
  ro: {
    status: {
      0: 'Programată',
      1: 'Ciornă',
      2: 'De făcut',
      3: 'Așteaptă acceptarea',
      4: 'Refuzată',
      5: 'Acceptată',
      6: 'În lucru',
      7: 'În verificare',
      8: 'Finalizată',
    },
    priority: {
      no_priority: 'Fără prioritate',
      low: 'Scăzută',
      normal: 'Medie',
      high: 'Ridicată',
      urgent: 'Urgentă',
    },
  },
};

/** The status name a person reads in the list, in their language (the id when unknown). */
export function issueStatusName(language: UiLanguage, statusId: number): string {
  return ISSUE_STATUS_PRIORITY_NAMES[language].status[statusId] ?? String(statusId);
}

/** The priority name a person reads in the list, in their language (the id when unknown). */
export function issuePriorityName(language: UiLanguage, priorityId: number): string {
  const key = PRIORITIES.find((p) => p.id === priorityId)?.name;
  return key ? ISSUE_STATUS_PRIORITY_NAMES[language].priority[key] : String(priorityId);
}
