import { type NotificationEventType, tryResolveLanguage, type UiLanguage } from '@workbench/domain';

/**
 * The notification e-mails (issue 20), in the recipient's language: one mail lists one or more
 * notifications (the mailer bundles what waited), one line each with its link; the daily digest
 * the same with its own subject. The footer says how to change preferences or pause e-mails.
 */

type Line = (actor: string, title: string) => string;

type Texts = {
  events: Record<NotificationEventType, Line>;
  someone: string;
  hello: (name: string) => string;
  intro: string;
  digestIntro: string;
  subjectMany: (count: number) => string;
  digestSubject: (count: number) => string;
  footer: (profileUrl: string) => string;
};

const TEXTS: Record<UiLanguage, Texts> = {
  en: {
    events: {
      issue_assigned: (a, t) => `${a} assigned "${t}" to you`,
      issue_unassigned: (a, t) => `${a} took "${t}" off you`,
      issue_status_changed: (a, t) => `${a} changed the status of "${t}"`,
      issue_review_requested: (a, t) => `${a} asks you to review "${t}"`,
      issue_declined: (a, t) => `${a} declined "${t}"`,
      issue_commented: (a, t) => `${a} commented on "${t}"`,
      issue_attachment_commented: (a, t) => `${a} commented on an attachment of "${t}"`,
      issue_overdue: (_a, t) => `"${t}" is overdue`,
      issue_due_today: (_a, t) => `"${t}" is due today`,
      schedule_assignee_decision: (a, t) => `${a} answered the schedule "${t}"`,
      schedule_presence_alarm: (_a, t) => `Presence alarm on the schedule "${t}"`,
      collaboration_invited: (_a, t) => `${t} invites your company to collaborate`,
      collaboration_answered: (_a, t) => `${t} answered your invitation to collaborate`,
      equipment_reservation_requested: (a, t) => `${a} asks to reserve "${t}"`,
      equipment_handout_requested: (a, t) => `${a} asks for a handout of "${t}"`,
      equipment_request_decided: (a, t) => `${a} decided your request for "${t}"`,
      equipment_return_overdue: (_a, t) => `"${t}" should have been returned`,
      regulatory_file_expiring: (_a, t) => `The document "${t}" expires soon`,
      public_report_received: (_a, t) => `New public report: "${t}"`,
      location_requested: (a, t) => `${a} asks you to share your location in "${t}"`,
      location_answered: (a, t) => `${a} answered your location request in "${t}"`,
      lease_notice_due: (_a, t) => `The notice date of the lease of "${t}" is near`,
    },
    someone: 'Someone',
    hello: (n) => `Hello ${n},`,
    intro: 'Here is what happened on Workbench:',
    digestIntro: 'Your daily summary from Workbench:',
    subjectMany: (c) => `${c} new notifications on Workbench`,
    digestSubject: (c) => `Your daily summary: ${c} notifications`,
    footer: (u) => `You can choose which e-mails you get, or pause them for a while, in your profile: ${u}`,
  },
  de: {
    events: {
      issue_assigned: (a, t) => `${a} hat Ihnen „${t}“ zugewiesen`,
      issue_unassigned: (a, t) => `${a} hat Ihnen „${t}“ abgenommen`,
      issue_status_changed: (a, t) => `${a} hat den Status von „${t}“ geändert`,
      issue_review_requested: (a, t) => `${a} bittet Sie, „${t}“ zu prüfen`,
      issue_declined: (a, t) => `${a} hat „${t}“ abgelehnt`,
      issue_commented: (a, t) => `${a} hat „${t}“ kommentiert`,
      issue_attachment_commented: (a, t) => `${a} hat einen Anhang von „${t}“ kommentiert`,
      issue_overdue: (_a, t) => `„${t}“ ist überfällig`,
      issue_due_today: (_a, t) => `„${t}“ ist heute fällig`,
      schedule_assignee_decision: (a, t) => `${a} hat auf den Zeitplan „${t}“ geantwortet`,
      schedule_presence_alarm: (_a, t) => `Anwesenheitsalarm im Zeitplan „${t}“`,
      collaboration_invited: (_a, t) => `${t} lädt Ihr Unternehmen zur Zusammenarbeit ein`,
      collaboration_answered: (_a, t) => `${t} hat auf Ihre Einladung zur Zusammenarbeit geantwortet`,
      equipment_reservation_requested: (a, t) => `${a} möchte „${t}“ reservieren`,
      equipment_handout_requested: (a, t) => `${a} bittet um die Ausgabe von „${t}“`,
      equipment_request_decided: (a, t) => `${a} hat über Ihre Anfrage zu „${t}“ entschieden`,
      equipment_return_overdue: (_a, t) => `„${t}“ hätte zurückgegeben werden müssen`,
      regulatory_file_expiring: (_a, t) => `Das Dokument „${t}“ läuft bald ab`,
      public_report_received: (_a, t) => `Neue öffentliche Meldung: „${t}“`,
      location_requested: (a, t) => `${a} bittet Sie, Ihren Standort in „${t}“ zu teilen`,
      location_answered: (a, t) => `${a} hat auf Ihre Standortanfrage in „${t}“ geantwortet`,
      lease_notice_due: (_a, t) => `Die Kündigungsfrist des Mietvertrags von „${t}“ läuft bald ab`,
    },
    someone: 'Jemand',
    hello: (n) => `Hallo ${n},`,
    intro: 'Das ist auf Workbench passiert:',
    digestIntro: 'Ihre tägliche Zusammenfassung von Workbench:',
    subjectMany: (c) => `${c} neue Benachrichtigungen auf Workbench`,
    digestSubject: (c) => `Ihre tägliche Zusammenfassung: ${c} Benachrichtigungen`,
    footer: (u) =>
      `In Ihrem Profil wählen Sie, welche E-Mails Sie erhalten, oder pausieren sie eine Weile: ${u}`,
  },
  hr: {
    events: {
      issue_assigned: (a, t) => `${a} vam je dodijelio/la „${t}”`,
      issue_unassigned: (a, t) => `${a} vam je oduzeo/la „${t}”`,
      issue_status_changed: (a, t) => `${a} je promijenio/la status zadatka „${t}”`,
      issue_review_requested: (a, t) => `${a} traži da provjerite „${t}”`,
      issue_declined: (a, t) => `${a} je odbio/la „${t}”`,
      issue_commented: (a, t) => `${a} je komentirao/la „${t}”`,
      issue_attachment_commented: (a, t) => `${a} je komentirao/la privitak zadatka „${t}”`,
      issue_overdue: (_a, t) => `Rok za „${t}” je prošao`,
      issue_due_today: (_a, t) => `Rok za „${t}” je danas`,
      schedule_assignee_decision: (a, t) => `${a} je odgovorio/la na raspored „${t}”`,
      schedule_presence_alarm: (_a, t) => `Alarm prisutnosti na rasporedu „${t}”`,
      collaboration_invited: (_a, t) => `${t} poziva vašu tvrtku na suradnju`,
      collaboration_answered: (_a, t) => `${t} je odgovorio na vaš poziv na suradnju`,
      equipment_reservation_requested: (a, t) => `${a} traži rezervaciju za „${t}”`,
      equipment_handout_requested: (a, t) => `${a} traži izdavanje opreme „${t}”`,
      equipment_request_decided: (a, t) => `${a} je odlučio/la o vašem zahtjevu za „${t}”`,
      equipment_return_overdue: (_a, t) => `„${t}” je trebalo biti vraćeno`,
      regulatory_file_expiring: (_a, t) => `Dokument „${t}” uskoro istječe`,
      public_report_received: (_a, t) => `Nova javna prijava: „${t}”`,
      location_requested: (a, t) => `${a} traži da podijelite svoju lokaciju u „${t}”`,
      location_answered: (a, t) => `${a} je odgovorio na vaš zahtjev za lokaciju u „${t}”`,
      lease_notice_due: (_a, t) => `Bliži se rok za otkaz najma za „${t}”`,
    },
    someone: 'Netko',
    hello: (n) => `Pozdrav ${n},`,
    intro: 'Ovo se dogodilo na Workbenchu:',
    digestIntro: 'Vaš dnevni sažetak s Workbencha:',
    subjectMany: (c) => `Nove obavijesti na Workbenchu: ${c}`,
    digestSubject: (c) => `Vaš dnevni sažetak: obavijesti ${c}`,
    footer: (u) => `U svom profilu možete odabrati koje e-poruke primate ili ih privremeno pauzirati: ${u}`,
  },
  hu: {
    events: {
      issue_assigned: (a, t) => `${a} Önhöz rendelte: „${t}”`,
      issue_unassigned: (a, t) => `${a} levette Önről: „${t}”`,
      issue_status_changed: (a, t) => `${a} módosította a(z) „${t}” állapotát`,
      issue_review_requested: (a, t) => `${a} kéri, hogy ellenőrizze: „${t}”`,
      issue_declined: (a, t) => `${a} elutasította: „${t}”`,
      issue_commented: (a, t) => `${a} hozzászólt: „${t}”`,
      issue_attachment_commented: (a, t) => `${a} hozzászólt a(z) „${t}” egyik mellékletéhez`,
      issue_overdue: (_a, t) => `A(z) „${t}” határideje lejárt`,
      issue_due_today: (_a, t) => `A(z) „${t}” határideje ma van`,
      schedule_assignee_decision: (a, t) => `${a} válaszolt a(z) „${t}” ütemezésre`,
      schedule_presence_alarm: (_a, t) => `Jelenléti riasztás a(z) „${t}” ütemezésben`,
      collaboration_invited: (_a, t) => `${t} együttműködésre hívja a cégét`,
      collaboration_answered: (_a, t) => `${t} válaszolt az együttműködési meghívására`,
      equipment_reservation_requested: (a, t) => `${a} le szeretné foglalni: „${t}”`,
      equipment_handout_requested: (a, t) => `${a} kiadást kér: „${t}”`,
      equipment_request_decided: (a, t) => `${a} döntött a(z) „${t}” iránti kéréséről`,
      equipment_return_overdue: (_a, t) => `A(z) „${t}” visszahozatala lejárt`,
      regulatory_file_expiring: (_a, t) => `A(z) „${t}” dokumentum hamarosan lejár`,
      public_report_received: (_a, t) => `Új nyilvános bejelentés: „${t}”`,
      location_requested: (a, t) => `${a} arra kéri, ossza meg a tartózkodási helyét itt: „${t}”`,
      location_answered: (a, t) => `${a} válaszolt a helymeghatározási kérésére itt: „${t}”`,
      lease_notice_due: (_a, t) => `Közeleg a(z) „${t}” bérleti szerződésének felmondási határideje`,
    },
    someone: 'Valaki',
    hello: (n) => `Kedves ${n}!`,
    intro: 'Ez történt a Workbenchen:',
    digestIntro: 'Napi összefoglalója a Workbenchről:',
    subjectMany: (c) => `${c} új értesítés a Workbenchen`,
    digestSubject: (c) => `Napi összefoglaló: ${c} értesítés`,
    footer: (u) =>
      `A profiljában kiválaszthatja, milyen e-maileket kap, vagy egy időre szüneteltetheti őket: ${u}`,
  },
  it: {
    events: {
      issue_assigned: (a, t) => `${a} ti ha assegnato "${t}"`,
      issue_unassigned: (a, t) => `${a} ti ha tolto "${t}"`,
      issue_status_changed: (a, t) => `${a} ha cambiato lo stato di "${t}"`,
      issue_review_requested: (a, t) => `${a} ti chiede di verificare "${t}"`,
      issue_declined: (a, t) => `${a} ha rifiutato "${t}"`,
      issue_commented: (a, t) => `${a} ha commentato "${t}"`,
      issue_attachment_commented: (a, t) => `${a} ha commentato un allegato di "${t}"`,
      issue_overdue: (_a, t) => `"${t}" è scaduto`,
      issue_due_today: (_a, t) => `"${t}" scade oggi`,
      schedule_assignee_decision: (a, t) => `${a} ha risposto alla pianificazione "${t}"`,
      schedule_presence_alarm: (_a, t) => `Allarme di presenza nella pianificazione "${t}"`,
      collaboration_invited: (_a, t) => `${t} invita la tua azienda a collaborare`,
      collaboration_answered: (_a, t) => `${t} ha risposto al tuo invito a collaborare`,
      equipment_reservation_requested: (a, t) => `${a} chiede di prenotare "${t}"`,
      equipment_handout_requested: (a, t) => `${a} chiede la consegna di "${t}"`,
      equipment_request_decided: (a, t) => `${a} ha deciso sulla tua richiesta per "${t}"`,
      equipment_return_overdue: (_a, t) => `"${t}" doveva essere restituito`,
      regulatory_file_expiring: (_a, t) => `Il documento "${t}" scade presto`,
      public_report_received: (_a, t) => `Nuova segnalazione pubblica: "${t}"`,
      location_requested: (a, t) => `${a} ti chiede di condividere la tua posizione in "${t}"`,
      location_answered: (a, t) => `${a} ha risposto alla tua richiesta di posizione in "${t}"`,
      lease_notice_due: (_a, t) => `Si avvicina il termine di disdetta della locazione di "${t}"`,
    },
    someone: 'Qualcuno',
    hello: (n) => `Ciao ${n},`,
    intro: 'Ecco cosa è successo su Workbench:',
    digestIntro: 'Il tuo riepilogo giornaliero di Workbench:',
    subjectMany: (c) => `${c} nuove notifiche su Workbench`,
    digestSubject: (c) => `Il tuo riepilogo giornaliero: ${c} notifiche`,
    footer: (u) => `Nel tuo profilo puoi scegliere quali e-mail ricevere o sospenderle per un po': ${u}`,
  },
  pl: {
    events: {
      issue_assigned: (a, t) => `${a} przypisuje Ci „${t}”`,
      issue_unassigned: (a, t) => `${a} odbiera Ci „${t}”`,
      issue_status_changed: (a, t) => `${a} zmienia status „${t}”`,
      issue_review_requested: (a, t) => `${a} prosi o sprawdzenie „${t}”`,
      issue_declined: (a, t) => `${a} odrzuca „${t}”`,
      issue_commented: (a, t) => `${a} komentuje „${t}”`,
      issue_attachment_commented: (a, t) => `${a} komentuje załącznik do „${t}”`,
      issue_overdue: (_a, t) => `Termin „${t}” minął`,
      issue_due_today: (_a, t) => `Termin „${t}” mija dziś`,
      schedule_assignee_decision: (a, t) => `${a} odpowiada na harmonogram „${t}”`,
      schedule_presence_alarm: (_a, t) => `Alarm obecności w harmonogramie „${t}”`,
      collaboration_invited: (_a, t) => `${t} zaprasza Twoją firmę do współpracy`,
      collaboration_answered: (_a, t) => `${t} odpowiada na Twoje zaproszenie do współpracy`,
      equipment_reservation_requested: (a, t) => `${a} prosi o rezerwację „${t}”`,
      equipment_handout_requested: (a, t) => `${a} prosi o wydanie „${t}”`,
      equipment_request_decided: (a, t) => `${a} rozpatruje Twoją prośbę o „${t}”`,
      equipment_return_overdue: (_a, t) => `„${t}” powinno już zostać zwrócone`,
      regulatory_file_expiring: (_a, t) => `Dokument „${t}” wkrótce traci ważność`,
      public_report_received: (_a, t) => `Nowe zgłoszenie publiczne: „${t}”`,
      location_requested: (a, t) => `${a} prosi o udostępnienie Twojej lokalizacji w „${t}”`,
      location_answered: (a, t) => `${a} odpowiedział(a) na Twoją prośbę o lokalizację w „${t}”`,
      lease_notice_due: (_a, t) => `Zbliża się termin wypowiedzenia najmu „${t}”`,
    },
    someone: 'Ktoś',
    hello: (n) => `Dzień dobry ${n},`,
    intro: 'Oto co wydarzyło się w Workbench:',
    digestIntro: 'Twoje dzienne podsumowanie z Workbench:',
    subjectMany: (c) => `Nowe powiadomienia w Workbench: ${c}`,
    digestSubject: (c) => `Twoje dzienne podsumowanie: powiadomienia (${c})`,
    footer: (u) =>
      `W swoim profilu wybierzesz, jakie e-maile dostajesz, lub wstrzymasz je na jakiś czas: ${u}`,
  },
  ro: {
    events: {
      issue_assigned: (a, t) => `${a} ți-a atribuit „${t}”`,
      issue_unassigned: (a, t) => `${a} ți-a retras „${t}”`,
      issue_status_changed: (a, t) => `${a} a schimbat starea „${t}”`,
      issue_review_requested: (a, t) => `${a} îți cere să verifici „${t}”`,
      issue_declined: (a, t) => `${a} a respins „${t}”`,
      issue_commented: (a, t) => `${a} a comentat „${t}”`,
      issue_attachment_commented: (a, t) => `${a} a comentat un atașament al „${t}”`,
      issue_overdue: (_a, t) => `Termenul pentru „${t}” a trecut`,
      issue_due_today: (_a, t) => `Termenul pentru „${t}” este azi`,
      schedule_assignee_decision: (a, t) => `${a} a răspuns la planificarea „${t}”`,
      schedule_presence_alarm: (_a, t) => `Alarmă de prezență în planificarea „${t}”`,
      collaboration_invited: (_a, t) => `${t} invită compania ta să colaboreze`,
      collaboration_answered: (_a, t) => `${t} a răspuns invitației tale de colaborare`,
      equipment_reservation_requested: (a, t) => `${a} cere să rezerve „${t}”`,
      equipment_handout_requested: (a, t) => `${a} cere predarea „${t}”`,
      equipment_request_decided: (a, t) => `${a} a decis asupra cererii tale pentru „${t}”`,
      equipment_return_overdue: (_a, t) => `„${t}” trebuia deja returnat`,
      regulatory_file_expiring: (_a, t) => `Documentul „${t}” expiră în curând`,
      public_report_received: (_a, t) => `Sesizare publică nouă: „${t}”`,
      location_requested: (a, t) => `${a} vă roagă să vă partajați locația în „${t}”`,
      location_answered: (a, t) => `${a} a răspuns la cererea dvs. de locație în „${t}”`,
      lease_notice_due: (_a, t) =>
        `Se apropie termenul de reziliere a contractului de închiriere pentru „${t}”`,
    },
    someone: 'Cineva',
    hello: (n) => `Bună ${n},`,
    intro: 'Iată ce s-a întâmplat în Workbench:',
    digestIntro: 'Rezumatul tău zilnic din Workbench:',
    subjectMany: (c) => `${c} notificări noi în Workbench`,
    digestSubject: (c) => `Rezumatul tău zilnic: ${c} notificări`,
    footer: (u) => `În profilul tău poți alege ce e-mailuri primești sau le poți întrerupe o vreme: ${u}`,
  },
  ru: {
    events: {
      issue_assigned: (a, t) => `${a} назначает вам «${t}»`,
      issue_unassigned: (a, t) => `${a} снимает с вас «${t}»`,
      issue_status_changed: (a, t) => `${a} меняет статус «${t}»`,
      issue_review_requested: (a, t) => `${a} просит вас проверить «${t}»`,
      issue_declined: (a, t) => `${a} отклоняет «${t}»`,
      issue_commented: (a, t) => `${a} комментирует «${t}»`,
      issue_attachment_commented: (a, t) => `${a} комментирует вложение к «${t}»`,
      issue_overdue: (_a, t) => `Срок «${t}» истёк`,
      issue_due_today: (_a, t) => `Срок «${t}» — сегодня`,
      schedule_assignee_decision: (a, t) => `${a} отвечает на расписание «${t}»`,
      schedule_presence_alarm: (_a, t) => `Сигнал присутствия в расписании «${t}»`,
      collaboration_invited: (_a, t) => `${t} приглашает вашу компанию к сотрудничеству`,
      collaboration_answered: (_a, t) => `${t} отвечает на ваше приглашение к сотрудничеству`,
      equipment_reservation_requested: (a, t) => `${a} просит забронировать «${t}»`,
      equipment_handout_requested: (a, t) => `${a} просит выдать «${t}»`,
      equipment_request_decided: (a, t) => `${a} принимает решение по вашему запросу «${t}»`,
      equipment_return_overdue: (_a, t) => `«${t}» уже должно быть возвращено`,
      regulatory_file_expiring: (_a, t) => `Срок действия документа «${t}» скоро истекает`,
      public_report_received: (_a, t) => `Новое публичное обращение: «${t}»`,
      location_requested: (a, t) => `${a} просит вас поделиться местоположением в «${t}»`,
      location_answered: (a, t) => `${a} ответил(а) на ваш запрос местоположения в «${t}»`,
      lease_notice_due: (_a, t) => `Приближается срок уведомления о расторжении аренды «${t}»`,
    },
    someone: 'Кто-то',
    hello: (n) => `Здравствуйте, ${n}!`,
    intro: 'Вот что произошло в Workbench:',
    digestIntro: 'Ваша ежедневная сводка Workbench:',
    subjectMany: (c) => `Новые уведомления в Workbench: ${c}`,
    digestSubject: (c) => `Ваша ежедневная сводка: уведомлений — ${c}`,
    footer: (u) => `В профиле можно выбрать, какие письма получать, или приостановить их на время: ${u}`,
  },
  tr: {
    events: {
      issue_assigned: (a, t) => `${a}, "${t}" işini size atadı`,
      issue_unassigned: (a, t) => `${a}, "${t}" işini sizden aldı`,
      issue_status_changed: (a, t) => `${a}, "${t}" durumunu değiştirdi`,
      issue_review_requested: (a, t) => `${a}, "${t}" için kontrol istiyor`,
      issue_declined: (a, t) => `${a}, "${t}" işini reddetti`,
      issue_commented: (a, t) => `${a}, "${t}" için yorum yazdı`,
      issue_attachment_commented: (a, t) => `${a}, "${t}" ekine yorum yazdı`,
      issue_overdue: (_a, t) => `"${t}" gecikti`,
      issue_due_today: (_a, t) => `"${t}" bugün bitmeli`,
      schedule_assignee_decision: (a, t) => `${a}, "${t}" planına yanıt verdi`,
      schedule_presence_alarm: (_a, t) => `"${t}" planında varlık alarmı`,
      collaboration_invited: (_a, t) => `${t}, şirketinizi iş birliğine davet ediyor`,
      collaboration_answered: (_a, t) => `${t}, iş birliği davetinize yanıt verdi`,
      equipment_reservation_requested: (a, t) => `${a}, "${t}" için rezervasyon istiyor`,
      equipment_handout_requested: (a, t) => `${a}, "${t}" teslimini istiyor`,
      equipment_request_decided: (a, t) => `${a}, "${t}" talebiniz hakkında karar verdi`,
      equipment_return_overdue: (_a, t) => `"${t}" iade edilmiş olmalıydı`,
      regulatory_file_expiring: (_a, t) => `"${t}" belgesinin süresi yakında doluyor`,
      public_report_received: (_a, t) => `Yeni genel bildirim: "${t}"`,
      location_requested: (a, t) => `${a} "${t}" içinde konumunuzu paylaşmanızı istiyor`,
      location_answered: (a, t) => `${a} "${t}" için konum isteğinizi yanıtladı`,
      lease_notice_due: (_a, t) => `"${t}" kira sözleşmesinin fesih bildirimi tarihi yaklaşıyor`,
    },
    someone: 'Biri',
    hello: (n) => `Merhaba ${n},`,
    intro: "Workbench'te olanlar:",
    digestIntro: "Workbench'ten günlük özetiniz:",
    subjectMany: (c) => `Workbench'te ${c} yeni bildirim`,
    digestSubject: (c) => `Günlük özetiniz: ${c} bildirim`,
    footer: (u) =>
      `Hangi e-postaları alacağınızı profilinizden seçebilir ya da onları bir süre duraklatabilirsiniz: ${u}`,
  },
  uk: {
    events: {
      issue_assigned: (a, t) => `${a} призначає вам «${t}»`,
      issue_unassigned: (a, t) => `${a} знімає з вас «${t}»`,
      issue_status_changed: (a, t) => `${a} змінює статус «${t}»`,
      issue_review_requested: (a, t) => `${a} просить вас перевірити «${t}»`,
      issue_declined: (a, t) => `${a} відхиляє «${t}»`,
      issue_commented: (a, t) => `${a} коментує «${t}»`,
      issue_attachment_commented: (a, t) => `${a} коментує вкладення до «${t}»`,
      issue_overdue: (_a, t) => `Термін «${t}» минув`,
      issue_due_today: (_a, t) => `Термін «${t}» — сьогодні`,
      schedule_assignee_decision: (a, t) => `${a} відповідає на розклад «${t}»`,
      schedule_presence_alarm: (_a, t) => `Сигнал присутності в розкладі «${t}»`,
      collaboration_invited: (_a, t) => `${t} запрошує вашу компанію до співпраці`,
      collaboration_answered: (_a, t) => `${t} відповідає на ваше запрошення до співпраці`,
      equipment_reservation_requested: (a, t) => `${a} просить забронювати «${t}»`,
      equipment_handout_requested: (a, t) => `${a} просить видати «${t}»`,
      equipment_request_decided: (a, t) => `${a} ухвалює рішення щодо вашого запиту «${t}»`,
      equipment_return_overdue: (_a, t) => `«${t}» вже мало бути повернено`,
      regulatory_file_expiring: (_a, t) => `Термін дії документа «${t}» скоро спливає`,
      public_report_received: (_a, t) => `Нове публічне звернення: «${t}»`,
      location_requested: (a, t) => `${a} просить вас поділитися місцезнаходженням у «${t}»`,
      location_answered: (a, t) => `${a} відповів(ла) на ваш запит місцезнаходження у «${t}»`,
      lease_notice_due: (_a, t) => `Наближається строк повідомлення про розірвання оренди «${t}»`,
    },
    someone: 'Хтось',
    hello: (n) => `Вітаємо, ${n}!`,
    intro: 'Ось що сталося у Workbench:',
    digestIntro: 'Ваш щоденний підсумок Workbench:',
    subjectMany: (c) => `Нові сповіщення у Workbench: ${c}`,
    digestSubject: (c) => `Ваш щоденний підсумок: сповіщень — ${c}`,
    footer: (u) => `У профілі можна вибрати, які листи отримувати, або призупинити їх на певний час: ${u}`,
  },
};

export type MailedNotification = {
  event_type: string;
  title: string | null;
  actor_name: string | null;
  url: string;
};

/** The line of one notification in the recipient's language. */
export function notificationLine(language: UiLanguage, n: Omit<MailedNotification, 'url'>): string {
  const texts = TEXTS[language];
  const line = texts.events[n.event_type as NotificationEventType] ?? ((_a: string, t: string) => t);
  return line(n.actor_name?.trim() || texts.someone, n.title ?? '');
}

/** One e-mail listing one or more notifications (digest: the daily summary). */
export function notificationMail(args: {
  language: string;
  name: string;
  notifications: MailedNotification[];
  profileUrl: string;
  digest?: boolean;
}): { subject: string; text: string; html: string } {
  const language = tryResolveLanguage(args.language) ?? 'en';
  const texts = TEXTS[language];
  const lines = args.notifications.map((n) => ({ text: notificationLine(language, n), url: n.url }));
  const count = lines.length;
  const subject = args.digest
    ? texts.digestSubject(count)
    : count === 1 && lines[0]
      ? lines[0].text
      : texts.subjectMany(count);
  const intro = args.digest ? texts.digestIntro : texts.intro;
  const footer = texts.footer(args.profileUrl);
  const text = `${texts.hello(args.name)}\n\n${intro}\n\n${lines.map((l) => `- ${l.text}\n  ${l.url}`).join('\n')}\n\n${footer}\n`;
  const esc = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const html = `<p>${esc(texts.hello(args.name))}</p><p>${esc(intro)}</p><ul>${lines
    .map((l) => `<li><a href="${esc(l.url)}">${esc(l.text)}</a></li>`)
    .join('')}</ul><p style="color:#666">${esc(footer)}</p>`;
  return { subject, text, html };
}
