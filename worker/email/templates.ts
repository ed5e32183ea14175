// Email templates: each renders a subject, plain text and HTML from the same words. Mail about an
// account goes to addresses nobody has proven yet (anyone can sign up with anyone's email), so it
// carries no word a stranger wrote: no sign-up name, no subject template (issue 10 L8, H1).
import { escapeAttribute, escapeText } from '../html/entities';

export type RenderedEmail = { subject: string; text: string; html: string };

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): RenderedEmail {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), '', '— Feedloom'].join('\n\n');
  const button = action
    ? `<p><a href="${escapeAttribute(action.url)}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">${escapeText(action.label)}</a></p><p style="font-size:12px;color:#666">Or paste this link into your browser: ${escapeText(action.url)}</p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111;max-width:560px;margin:auto;padding:24px"><h1 style="font-size:20px">${escapeText(title)}</h1>${paragraphs.map((p) => `<p>${escapeText(p)}</p>`).join('')}${button}<p style="color:#666">— Feedloom</p></body></html>`;
  return { subject: title, text, html };
}

export const templates = {
  passwordSetup: (url: string) =>
    layout(
      'Set your Feedloom password',
      ['Hi,', 'Welcome to Feedloom. Choose a password to finish creating your account. This link works for 24 hours.'],
      { label: 'Create Password', url },
    ),
  verifyEmail: (url: string) =>
    layout(
      'Verify your email for Feedloom',
      ['Hi,', 'Confirm your email address to sign in to Feedloom. This link works for 24 hours.'],
      { label: 'Verify Email', url },
    ),
  magicLink: (url: string) =>
    layout(
      'Your Feedloom sign-in link',
      [
        'Use this link to sign in to Feedloom. It works once, for 15 minutes.',
        'If you did not ask for it, ignore this email.',
      ],
      { label: 'Sign In', url },
    ),
  passwordReset: (url: string) =>
    layout(
      'Reset your Feedloom password',
      [
        'Someone asked to reset the password of your Feedloom account. This link works for 1 hour.',
        'If it was not you, ignore this email: your password stays as it is.',
      ],
      { label: 'Reset Password', url },
    ),
  alreadyRegistered: (loginUrl: string, resetUrl: string) =>
    layout(
      'You already have a Feedloom account',
      [
        'Hi,',
        'Someone tried to create a Feedloom account with this email address, which already has one.',
        `If it was you, sign in at ${loginUrl} or reset your password at ${resetUrl}. Otherwise, ignore this email.`,
      ],
      { label: 'Sign In', url: loginUrl },
    ),
  // To an address nobody has proven: no word of the account's, whose address its owner chose (issue 28 L2).
  emailChange: (url: string) =>
    layout(
      'Confirm your new Feedloom email',
      [
        'A Feedloom account asked to sign in with this address from now on.',
        'Confirm it to make the change. This link works for 24 hours.',
        'If you did not ask for this, ignore this email: nothing changes.',
      ],
      { label: 'Confirm New Email', url },
    ),
  emailChangeApproval: (newEmail: string, url: string) =>
    layout(
      'Approve your new Feedloom email',
      [
        `Someone signed in to your Feedloom account asked to change its email to ${newEmail}.`,
        'Your account has no password, so this address approves the change first. Then the new address gets a link to confirm it. This link works for 1 hour.',
        'If it was not you, ignore this email: nothing changes.',
      ],
      { label: 'Approve Change', url },
    ),
  appPasswordLink: (url: string) =>
    layout(
      'Create a Feedloom app password',
      [
        'Someone signed in to your Feedloom account asked for an app password, which lets a reader app read and mark your feeds.',
        'Follow this link to create it. It works once, for 15 minutes, in the browser where you asked.',
        'If it was not you, ignore this email: no app password is created.',
      ],
      { label: 'Create App Password', url },
    ),
  emailChangeNotice: (newEmail: string, resetUrl: string) =>
    layout('Your Feedloom email is about to change', [
      `Someone signed in to your Feedloom account asked to change its email to ${newEmail}. It changes once that address confirms.`,
      `If it was not you, reset your password at ${resetUrl}: that signs everyone else out.`,
    ]),
  // Also to an address nobody has proven, so it names no account either (issue 28 L2).
  deliveryConfirmation: (url: string) =>
    layout(
      'Confirm that Feedloom may email you',
      [
        'A Feedloom account asked to send its AI digests and content to this address.',
        'Nothing is sent here until you confirm. This link works for 24 hours.',
        'If you do not know this account, ignore this email and you will not hear from us again.',
      ],
      { label: 'Confirm Address', url },
    ),
  exportReady: (url: string) =>
    layout(
      'Your Feedloom data is ready',
      [
        'Hi,',
        'The export of your Feedloom data you asked for is ready, as one JSON file.',
        'This link works for 24 hours. After that, export again from your account page.',
      ],
      { label: 'Download My Data', url },
    ),
};
