import type { UiLanguage } from '@workbench/domain';

/**
 * The words of the account mails (password reset, login link, failed logins, joining another
 * organisation) in the ten languages: a person gets them in the language of their account.
 */
export type AccountMailTexts = {
  hello: (name: string) => string;
  helloPlain: string;
  ignore: string;
  newPassword: string;
  reset: { subject: string; asked: string; open: string; keep: string };
  loginLink: { subject: string; open: string; button: string };
  failed: { subject: string; lines: [string, string, string, string]; once: string };
  join: {
    subject: (company: string) => string;
    invites: (inviter: string, company: string) => string;
    open: string;
    button: (company: string) => string;
    footer: string;
  };
};

export const ACCOUNT_MAIL_TEXTS: Record<UiLanguage, AccountMailTexts> = {
  en: {
    hello: (n) => `Hello ${n},`,
    helloPlain: 'Hello,',
    ignore: 'If you did not ask for this, ignore this e-mail.',
    newPassword: 'Choose a new password',
    reset: {
      subject: 'Reset your Workbench password',
      asked: 'Someone asked to reset the password of your Workbench account.',
      open: 'Open this link within an hour to choose a new one:',
      keep: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    },
    loginLink: {
      subject: 'Your Workbench login link',
      open: 'Open this link within 15 minutes to log in to Workbench. It works once.',
      button: 'Log in to Workbench',
    },
    failed: {
      subject: 'Failed logins to your Workbench account',
      lines: [
        'Someone tried to log in to your Workbench account several times with a wrong password.',
        'Further tries are being slowed down. Browsers you have logged in with before are not affected: you can keep logging in there as usual.',
        'If it was you, wait a few minutes and try again, or choose a new password with this link.',
        'If it was not you, your account is safe as long as your password is not guessed: choose a new, long password that you use nowhere else.',
      ],
      once: 'You get this e-mail at most once an hour.',
    },
    join: {
      subject: (c) => `${c} invites you to join them on Workbench`,
      invites: (i, c) =>
        `${i} of ${c} invites you to join ${c} on Workbench, with the account you already have.`,
      open: 'Open this link to join. Until you do, they see nothing of your account:',
      button: (c) => `Join ${c}`,
      footer: 'Not interested? Ignore this e-mail. The link is valid for 7 days.',
    },
  },
  de: {
    hello: (n) => `Hallo ${n},`,
    helloPlain: 'Hallo,',
    ignore: 'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail.',
    newPassword: 'Neues Passwort wählen',
    reset: {
      subject: 'Ihr Workbench-Passwort zurücksetzen',
      asked: 'Jemand hat angefordert, das Passwort Ihres Workbench-Kontos zurückzusetzen.',
      open: 'Öffnen Sie diesen Link innerhalb einer Stunde, um ein neues zu wählen:',
      keep: 'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
    },
    loginLink: {
      subject: 'Ihr Workbench-Anmeldelink',
      open: 'Öffnen Sie diesen Link innerhalb von 15 Minuten, um sich bei Workbench anzumelden. Er funktioniert einmal.',
      button: 'Bei Workbench anmelden',
    },
    failed: {
      subject: 'Fehlgeschlagene Anmeldungen bei Ihrem Workbench-Konto',
      lines: [
        'Jemand hat mehrmals versucht, sich mit einem falschen Passwort bei Ihrem Workbench-Konto anzumelden.',
        'Weitere Versuche werden verlangsamt. Browser, mit denen Sie sich schon angemeldet haben, sind nicht betroffen: Dort können Sie sich wie gewohnt anmelden.',
        'Wenn Sie es waren, warten Sie einige Minuten und versuchen Sie es erneut, oder wählen Sie mit diesem Link ein neues Passwort.',
        'Wenn Sie es nicht waren, ist Ihr Konto sicher, solange Ihr Passwort nicht erraten wird: Wählen Sie ein neues, langes Passwort, das Sie nirgends sonst verwenden.',
      ],
      once: 'Sie erhalten diese E-Mail höchstens einmal pro Stunde.',
    },
    join: {
      subject: (c) => `${c} lädt Sie ein, bei Workbench beizutreten`,
      invites: (i, c) =>
        `${i} von ${c} lädt Sie ein, ${c} bei Workbench beizutreten, mit dem Konto, das Sie bereits haben.`,
      open: 'Öffnen Sie diesen Link, um beizutreten. Bis dahin sehen sie nichts von Ihrem Konto:',
      button: (c) => `${c} beitreten`,
      footer: 'Kein Interesse? Ignorieren Sie diese E-Mail. Der Link ist 7 Tage gültig.',
    },
  },
  hr: {
    hello: (n) => `Pozdrav ${n},`,
    helloPlain: 'Pozdrav,',
    ignore: 'Ako to niste zatražili, zanemarite ovu e-poruku.',
    newPassword: 'Odaberite novu lozinku',
    reset: {
      subject: 'Ponovno postavljanje lozinke za Workbench',
      asked: 'Netko je zatražio ponovno postavljanje lozinke vašeg Workbench računa.',
      open: 'Otvorite ovu poveznicu u roku od sat vremena i odaberite novu:',
      keep: 'Ako to niste zatražili, zanemarite ovu e-poruku: vaša lozinka ostaje ista.',
    },
    loginLink: {
      subject: 'Vaša poveznica za prijavu u Workbench',
      open: 'Otvorite ovu poveznicu u roku od 15 minuta za prijavu u Workbench. Radi jednom.',
      button: 'Prijava u Workbench',
    },
    failed: {
      subject: 'Neuspjele prijave na vaš Workbench račun',
      lines: [
        'Netko se više puta pokušao prijaviti na vaš Workbench račun s pogrešnom lozinkom.',
        'Daljnji pokušaji se usporavaju. Preglednici u kojima ste se već prijavili nisu pogođeni: ondje se možete prijavljivati kao i obično.',
        'Ako ste to bili vi, pričekajte nekoliko minuta i pokušajte ponovno ili ovom poveznicom odaberite novu lozinku.',
        'Ako to niste bili vi, vaš je račun siguran dok se lozinka ne pogodi: odaberite novu, dugu lozinku koju ne koristite nigdje drugdje.',
      ],
      once: 'Ovu e-poruku dobivate najviše jednom na sat.',
    },
    join: {
      subject: (c) => `${c} vas poziva da im se pridružite u Workbenchu`,
      invites: (i, c) =>
        `${i} iz ${c} poziva vas da se pridružite ${c} u Workbenchu, s računom koji već imate.`,
      open: 'Otvorite ovu poveznicu za pridruživanje. Dok to ne učinite, ne vide ništa od vašeg računa:',
      button: (c) => `Pridruži se: ${c}`,
      footer: 'Ne zanima vas? Zanemarite ovu e-poruku. Poveznica vrijedi 7 dana.',
    },
  },
  hu: {
    hello: (n) => `Kedves ${n}!`,
    helloPlain: 'Üdvözöljük!',
    ignore: 'Ha nem Ön kérte, hagyja figyelmen kívül ezt az e-mailt.',
    newPassword: 'Új jelszó választása',
    reset: {
      subject: 'Workbench-jelszó visszaállítása',
      asked: 'Valaki kérte a Workbench-fiókja jelszavának visszaállítását.',
      open: 'Egy órán belül nyissa meg ezt a linket, és válasszon újat:',
      keep: 'Ha nem Ön kérte, hagyja figyelmen kívül ezt az e-mailt: a jelszava nem változik.',
    },
    loginLink: {
      subject: 'Workbench bejelentkezési link',
      open: 'Nyissa meg ezt a linket 15 percen belül a Workbench-be való bejelentkezéshez. Egyszer használható.',
      button: 'Bejelentkezés a Workbench-be',
    },
    failed: {
      subject: 'Sikertelen bejelentkezések a Workbench-fiókjába',
      lines: [
        'Valaki többször próbált meg rossz jelszóval bejelentkezni a Workbench-fiókjába.',
        'A további próbálkozások lassítva vannak. A korábban használt böngészőit ez nem érinti: ott a szokásos módon bejelentkezhet.',
        'Ha Ön volt, várjon néhány percet, és próbálja újra, vagy válasszon új jelszót ezzel a linkkel.',
        'Ha nem Ön volt, a fiókja biztonságban van, amíg a jelszavát ki nem találják: válasszon új, hosszú jelszót, amelyet máshol nem használ.',
      ],
      once: 'Ezt az e-mailt legfeljebb óránként egyszer kapja meg.',
    },
    join: {
      subject: (c) => `${c} meghívja, hogy csatlakozzon hozzájuk a Workbench-ben`,
      invites: (i, c) =>
        `${i} (${c}) meghívja, hogy csatlakozzon a(z) ${c} szervezethez a Workbench-ben, a már meglévő fiókjával.`,
      open: 'A csatlakozáshoz nyissa meg ezt a linket. Addig semmit sem látnak a fiókjából:',
      button: (c) => `Csatlakozás: ${c}`,
      footer: 'Nem érdekli? Hagyja figyelmen kívül ezt az e-mailt. A link 7 napig érvényes.',
    },
  },
  it: {
    hello: (n) => `Ciao ${n},`,
    helloPlain: 'Ciao,',
    ignore: 'Se non l’hai chiesto tu, ignora questa e-mail.',
    newPassword: 'Scegli una nuova password',
    reset: {
      subject: 'Reimposta la tua password di Workbench',
      asked: 'Qualcuno ha chiesto di reimpostare la password del tuo account Workbench.',
      open: 'Apri questo link entro un’ora per sceglierne una nuova:',
      keep: 'Se non l’hai chiesto tu, ignora questa e-mail: la tua password resta invariata.',
    },
    loginLink: {
      subject: 'Il tuo link di accesso a Workbench',
      open: 'Apri questo link entro 15 minuti per accedere a Workbench. Funziona una volta sola.',
      button: 'Accedi a Workbench',
    },
    failed: {
      subject: 'Accessi non riusciti al tuo account Workbench',
      lines: [
        'Qualcuno ha provato più volte ad accedere al tuo account Workbench con una password errata.',
        'I tentativi successivi vengono rallentati. I browser con cui hai già effettuato l’accesso non sono interessati: lì puoi continuare ad accedere come sempre.',
        'Se sei stato tu, attendi qualche minuto e riprova, oppure scegli una nuova password con questo link.',
        'Se non sei stato tu, il tuo account è al sicuro finché la password non viene indovinata: scegli una password nuova e lunga che non usi altrove.',
      ],
      once: 'Ricevi questa e-mail al massimo una volta all’ora.',
    },
    join: {
      subject: (c) => `${c} ti invita a unirti a loro su Workbench`,
      invites: (i, c) => `${i} di ${c} ti invita a unirti a ${c} su Workbench, con l’account che hai già.`,
      open: 'Apri questo link per unirti. Finché non lo fai, non vedono nulla del tuo account:',
      button: (c) => `Unisciti a ${c}`,
      footer: 'Non ti interessa? Ignora questa e-mail. Il link è valido 7 giorni.',
    },
  },
  pl: {
    hello: (n) => `Dzień dobry ${n},`,
    helloPlain: 'Dzień dobry,',
    ignore: 'Jeśli to nie Ty, zignoruj tę wiadomość.',
    newPassword: 'Wybierz nowe hasło',
    reset: {
      subject: 'Zresetuj hasło do Workbench',
      asked: 'Ktoś poprosił o zresetowanie hasła do Twojego konta Workbench.',
      open: 'Otwórz ten link w ciągu godziny, aby wybrać nowe:',
      keep: 'Jeśli to nie Ty, zignoruj tę wiadomość: Twoje hasło pozostaje bez zmian.',
    },
    loginLink: {
      subject: 'Twój link logowania do Workbench',
      open: 'Otwórz ten link w ciągu 15 minut, aby zalogować się do Workbench. Działa jeden raz.',
      button: 'Zaloguj się do Workbench',
    },
    failed: {
      subject: 'Nieudane logowania do Twojego konta Workbench',
      lines: [
        'Ktoś kilka razy próbował zalogować się do Twojego konta Workbench błędnym hasłem.',
        'Kolejne próby są spowalniane. Nie dotyczy to przeglądarek, w których już się logowałeś: tam możesz logować się jak zwykle.',
        'Jeśli to byłeś Ty, odczekaj kilka minut i spróbuj ponownie albo wybierz nowe hasło za pomocą tego linku.',
        'Jeśli to nie Ty, konto jest bezpieczne, dopóki hasło nie zostanie odgadnięte: wybierz nowe, długie hasło, którego nie używasz nigdzie indziej.',
      ],
      once: 'Tę wiadomość otrzymujesz najwyżej raz na godzinę.',
    },
    join: {
      subject: (c) => `${c} zaprasza Cię do dołączenia w Workbench`,
      invites: (i, c) =>
        `${i} z ${c} zaprasza Cię do dołączenia do ${c} w Workbench, z kontem, które już masz.`,
      open: 'Otwórz ten link, aby dołączyć. Do tego czasu nie widzą niczego z Twojego konta:',
      button: (c) => `Dołącz do ${c}`,
      footer: 'Nie jesteś zainteresowany? Zignoruj tę wiadomość. Link jest ważny 7 dni.',
    },
  },
  ro: {
    hello: (n) => `Bună ${n},`,
    helloPlain: 'Bună,',
    ignore: 'Dacă nu ați cerut acest lucru, ignorați acest e-mail.',
    newPassword: 'Alegeți o parolă nouă',
    reset: {
      subject: 'Resetați parola Workbench',
      asked: 'Cineva a cerut resetarea parolei contului dumneavoastră Workbench.',
      open: 'Deschideți acest link în decurs de o oră pentru a alege una nouă:',
      keep: 'Dacă nu ați cerut acest lucru, ignorați acest e-mail: parola rămâne neschimbată.',
    },
    loginLink: {
      subject: 'Linkul dumneavoastră de conectare la Workbench',
      open: 'Deschideți acest link în 15 minute pentru a vă conecta la Workbench. Funcționează o singură dată.',
      button: 'Conectare la Workbench',
    },
    failed: {
      subject: 'Conectări eșuate la contul dumneavoastră Workbench',
      lines: [
        'Cineva a încercat de mai multe ori să se conecteze la contul dumneavoastră Workbench cu o parolă greșită.',
        'Încercările următoare sunt încetinite. Browserele cu care v-ați conectat deja nu sunt afectate: acolo vă puteți conecta ca de obicei.',
        'Dacă ați fost dumneavoastră, așteptați câteva minute și încercați din nou sau alegeți o parolă nouă cu acest link.',
        'Dacă nu ați fost dumneavoastră, contul este în siguranță cât timp parola nu este ghicită: alegeți o parolă nouă, lungă, pe care nu o folosiți în altă parte.',
      ],
      once: 'Primiți acest e-mail cel mult o dată pe oră.',
    },
    join: {
      subject: (c) => `${c} vă invită să vă alăturați în Workbench`,
      invites: (i, c) =>
        `${i} de la ${c} vă invită să vă alăturați ${c} în Workbench, cu contul pe care îl aveți deja.`,
      open: 'Deschideți acest link pentru a vă alătura. Până atunci nu văd nimic din contul dumneavoastră:',
      button: (c) => `Alăturați-vă ${c}`,
      footer: 'Nu vă interesează? Ignorați acest e-mail. Linkul este valabil 7 zile.',
    },
  },
  ru: {
    hello: (n) => `Здравствуйте, ${n}!`,
    helloPlain: 'Здравствуйте!',
    ignore: 'Если вы этого не запрашивали, просто проигнорируйте это письмо.',
    newPassword: 'Выбрать новый пароль',
    reset: {
      subject: 'Сброс пароля Workbench',
      asked: 'Кто-то запросил сброс пароля вашей учётной записи Workbench.',
      open: 'Откройте эту ссылку в течение часа, чтобы выбрать новый пароль:',
      keep: 'Если вы этого не запрашивали, проигнорируйте это письмо: ваш пароль останется прежним.',
    },
    loginLink: {
      subject: 'Ваша ссылка для входа в Workbench',
      open: 'Откройте эту ссылку в течение 15 минут, чтобы войти в Workbench. Она срабатывает один раз.',
      button: 'Войти в Workbench',
    },
    failed: {
      subject: 'Неудачные попытки входа в вашу учётную запись Workbench',
      lines: [
        'Кто-то несколько раз пытался войти в вашу учётную запись Workbench с неверным паролем.',
        'Следующие попытки замедляются. Браузеры, в которых вы уже входили, это не затрагивает: там вы можете входить как обычно.',
        'Если это были вы, подождите несколько минут и попробуйте снова или выберите новый пароль по этой ссылке.',
        'Если это были не вы, учётная запись в безопасности, пока пароль не угадан: выберите новый длинный пароль, который вы больше нигде не используете.',
      ],
      once: 'Это письмо приходит не чаще одного раза в час.',
    },
    join: {
      subject: (c) => `${c} приглашает вас присоединиться в Workbench`,
      invites: (i, c) =>
        `${i} из ${c} приглашает вас присоединиться к ${c} в Workbench с вашей существующей учётной записью.`,
      open: 'Откройте эту ссылку, чтобы присоединиться. До этого они ничего не видят в вашей учётной записи:',
      button: (c) => `Присоединиться к ${c}`,
      footer: 'Не интересно? Проигнорируйте это письмо. Ссылка действительна 7 дней.',
    },
  },
  tr: {
    hello: (n) => `Merhaba ${n},`,
    helloPlain: 'Merhaba,',
    ignore: 'Bunu siz istemediyseniz bu e-postayı dikkate almayın.',
    newPassword: 'Yeni bir parola seçin',
    reset: {
      subject: 'Workbench parolanızı sıfırlayın',
      asked: 'Birisi Workbench hesabınızın parolasının sıfırlanmasını istedi.',
      open: 'Yeni bir parola seçmek için bu bağlantıyı bir saat içinde açın:',
      keep: 'Bunu siz istemediyseniz bu e-postayı dikkate almayın: parolanız olduğu gibi kalır.',
    },
    loginLink: {
      subject: 'Workbench giriş bağlantınız',
      open: 'Workbench’e giriş yapmak için bu bağlantıyı 15 dakika içinde açın. Bir kez çalışır.',
      button: 'Workbench’e giriş yap',
    },
    failed: {
      subject: 'Workbench hesabınıza başarısız giriş denemeleri',
      lines: [
        'Birisi Workbench hesabınıza birkaç kez yanlış parolayla giriş yapmaya çalıştı.',
        'Sonraki denemeler yavaşlatılıyor. Daha önce giriş yaptığınız tarayıcılar etkilenmez: oralardan her zamanki gibi giriş yapabilirsiniz.',
        'Siz idiyseniz birkaç dakika bekleyip yeniden deneyin veya bu bağlantıyla yeni bir parola seçin.',
        'Siz değilseniz parolanız tahmin edilmediği sürece hesabınız güvendedir: başka hiçbir yerde kullanmadığınız yeni ve uzun bir parola seçin.',
      ],
      once: 'Bu e-postayı en fazla saatte bir kez alırsınız.',
    },
    join: {
      subject: (c) => `${c} sizi Workbench’te kendilerine katılmaya davet ediyor`,
      invites: (i, c) =>
        `${c} şirketinden ${i}, sizi mevcut hesabınızla Workbench’te ${c} kuruluşuna katılmaya davet ediyor.`,
      open: 'Katılmak için bu bağlantıyı açın. Katılana kadar hesabınızdan hiçbir şey görmezler:',
      button: (c) => `${c} kuruluşuna katıl`,
      footer: 'İlgilenmiyor musunuz? Bu e-postayı dikkate almayın. Bağlantı 7 gün geçerlidir.',
    },
  },
  uk: {
    hello: (n) => `Вітаємо, ${n}!`,
    helloPlain: 'Вітаємо!',
    ignore: 'Якщо ви цього не запитували, просто проігноруйте цей лист.',
    newPassword: 'Вибрати новий пароль',
    reset: {
      subject: 'Скидання пароля Workbench',
      asked: 'Хтось запросив скидання пароля вашого облікового запису Workbench.',
      open: 'Відкрийте це посилання протягом години, щоб вибрати новий пароль:',
      keep: 'Якщо ви цього не запитували, проігноруйте цей лист: ваш пароль залишиться без змін.',
    },
    loginLink: {
      subject: 'Ваше посилання для входу в Workbench',
      open: 'Відкрийте це посилання протягом 15 хвилин, щоб увійти в Workbench. Воно спрацьовує один раз.',
      button: 'Увійти в Workbench',
    },
    failed: {
      subject: 'Невдалі спроби входу у ваш обліковий запис Workbench',
      lines: [
        'Хтось кілька разів намагався увійти у ваш обліковий запис Workbench з неправильним паролем.',
        'Наступні спроби сповільнюються. Браузери, у яких ви вже входили, це не зачіпає: там ви можете входити як зазвичай.',
        'Якщо це були ви, зачекайте кілька хвилин і спробуйте ще раз або виберіть новий пароль за цим посиланням.',
        'Якщо це були не ви, обліковий запис у безпеці, доки пароль не вгадано: виберіть новий довгий пароль, який ви більше ніде не використовуєте.',
      ],
      once: 'Цей лист надходить не частіше одного разу на годину.',
    },
    join: {
      subject: (c) => `${c} запрошує вас приєднатися у Workbench`,
      invites: (i, c) =>
        `${i} з ${c} запрошує вас приєднатися до ${c} у Workbench з вашим наявним обліковим записом.`,
      open: 'Відкрийте це посилання, щоб приєднатися. Доти вони нічого не бачать у вашому обліковому записі:',
      button: (c) => `Приєднатися до ${c}`,
      footer: 'Не цікаво? Проігноруйте цей лист. Посилання дійсне 7 днів.',
    },
  },
};
