/** Plain, short e-mails with one link each. Texts are English until e-mail localisation lands. */
type Link = { name: string; url: string };

function render(greeting: string, lines: string[], link: Link, footer: string) {
  const text = `${greeting}\n\n${lines.join('\n')}\n\n${link.url}\n\n${footer}\n`;
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const html = `<p>${esc(greeting)}</p>${lines.map((l) => `<p>${esc(l)}</p>`).join('')}<p><a href="${esc(link.url)}">${esc(link.name)}</a></p><p style="color:#666">${esc(footer)}</p>`;
  return { text, html };
}

export function passwordResetMail(name: string, url: string) {
  return {
    subject: 'Reset your Workbench password',
    ...render(
      `Hello ${name},`,
      [
        'Someone asked to reset the password of your Workbench account.',
        'Open this link within an hour to choose a new one:',
      ],
      { name: 'Choose a new password', url },
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ),
  };
}

export function loginLinkMail(name: string, url: string) {
  return {
    subject: 'Your Workbench login link',
    ...render(
      `Hello ${name},`,
      ['Open this link within 15 minutes to log in to Workbench. It works once.'],
      { name: 'Log in to Workbench', url },
      'If you did not ask for this, ignore this e-mail.',
    ),
  };
}

export function inviteMail(name: string, companyName: string, url: string) {
  return {
    subject: `You are invited to ${companyName} on Workbench`,
    ...render(
      `Hello ${name},`,
      [
        `${companyName} invited you to Workbench.`,
        'Open this link to choose your password and activate your account:',
      ],
      { name: 'Activate my account', url },
      'The link is valid for 7 days.',
    ),
  };
}

/** An invitation to a person who has an account already: they join through the link (7 days). */
export function joinOrganisationMail(inviterName: string, companyName: string, url: string) {
  return {
    subject: `${companyName} invites you to join them on Workbench`,
    ...render(
      'Hello,',
      [
        `${inviterName} of ${companyName} invites you to join ${companyName} on Workbench, with the account you already have.`,
        'Open this link to join. Until you do, they see nothing of your account:',
      ],
      { name: `Join ${companyName}`, url },
      'Not interested? Ignore this e-mail. The link is valid for 7 days.',
    ),
  };
}

/** A partner invitation: accept or decline through the public page (links valid for 30 days). */
export function collaborationInviteMail(args: {
  inviterName: string;
  ownerName: string;
  partnerType: 'client' | 'provider';
  accessType: 'full' | 'limited';
  acceptUrl: string;
  declineUrl: string;
}) {
  const mail = render(
    'Hello,',
    [
      `${args.inviterName} of ${args.ownerName} invites your company to work together on Workbench, as their ${args.partnerType}.`,
      args.accessType === 'full'
        ? 'Your people will see all work in the workspaces they share with you.'
        : 'Your people will see their own work in the workspaces they share with you.',
      'Open this link to accept the invitation:',
    ],
    { name: 'Accept the invitation', url: args.acceptUrl },
    `Not interested? Decline here: ${args.declineUrl} (the links are valid for 30 days).`,
  );
  return { subject: `${args.ownerName} invites you to collaborate on Workbench`, ...mail };
}

/**
 * Failed logins on an account (sent at most once an hour): what happened, that known devices
 * are not held up, and what to do. The link asks for a reset mail.
 */
export function failedLoginsMail(name: string, url: string) {
  return {
    subject: 'Failed logins to your Workbench account',
    ...render(
      `Hello ${name},`,
      [
        'Someone tried to log in to your Workbench account several times with a wrong password.',
        'Further tries are being slowed down. Browsers you have logged in with before are not affected: you can keep logging in there as usual.',
        'If it was you, wait a few minutes and try again, or choose a new password with this link.',
        'If it was not you, your account is safe as long as your password is not guessed: choose a new, long password that you use nowhere else.',
      ],
      { name: 'Choose a new password', url },
      'You get this e-mail at most once an hour.',
    ),
  };
}
