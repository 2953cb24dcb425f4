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
