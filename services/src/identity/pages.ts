/** The identity provider's pages: plain forms, no scripts, every value escaped. */
const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Alpenpass</title>
<style>body{font-family:system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem;color:#123}
label{display:block;margin:.8rem 0 .2rem}input{width:100%;padding:.5rem;box-sizing:border-box}
button{margin-top:1rem;padding:.6rem 1.2rem}.notice{padding:.6rem;background:#eef}.error{padding:.6rem;background:#fee}</style>
</head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

const message = (kind: 'notice' | 'error', text?: string): string => (text ? `<p class="${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${escapeHtml(text)}</p>` : '');

const field = (name: string, label: string, type: string, value = '', extra = ''): string =>
  `<label for="${name}">${escapeHtml(label)}</label><input id="${name}" name="${name}" type="${type}" value="${escapeHtml(value)}" ${extra}>`;

export const pages = {
  login: (options: { action: string; email?: string; error?: string; notice?: string }) =>
    layout(
      'Sign in',
      `${message('error', options.error)}${message('notice', options.notice)}
<form method="post" action="${escapeHtml(options.action)}">
${field('email', 'E-mail', 'email', options.email, 'required autocomplete="username" autofocus')}
${field('password', 'Password', 'password', '', 'required autocomplete="current-password"')}
<button type="submit">Sign in</button></form>
<p><a href="/oidc/register">Create an account</a> · <a href="/oidc/forgot">Forgot your password?</a></p>`,
    ),
  register: (options: { error?: string; values?: Record<string, string> }) =>
    layout(
      'Create an account',
      `${message('error', options.error)}
<form method="post" action="/oidc/register">
${field('email', 'E-mail', 'email', options.values?.email, 'required autocomplete="email"')}
${field('password', 'Password (at least 10 characters)', 'password', '', 'required minlength="10" autocomplete="new-password"')}
${field('givenName', 'First name', 'text', options.values?.givenName, 'required autocomplete="given-name"')}
${field('familyName', 'Last name', 'text', options.values?.familyName, 'required autocomplete="family-name"')}
${field('birthdate', 'Date of birth', 'date', options.values?.birthdate, 'required autocomplete="bday"')}
<button type="submit">Create account</button></form>`,
    ),
  checkInbox: (text: string) => layout('Check your inbox', message('notice', text)),
  done: (title: string, text: string) => layout(title, `${message('notice', text)}<p><a href="/">Back to the shop</a></p>`),
  forgot: (options: { error?: string }) =>
    layout(
      'Forgot your password?',
      `${message('error', options.error)}
<form method="post" action="/oidc/forgot">${field('email', 'E-mail', 'email', '', 'required autocomplete="email"')}
<button type="submit">Send me a link</button></form>`,
    ),
  reset: (options: { token: string; error?: string }) =>
    layout(
      'Choose a new password',
      `${message('error', options.error)}
<form method="post" action="/oidc/reset">
<input type="hidden" name="token" value="${escapeHtml(options.token)}">
${field('password', 'New password (at least 10 characters)', 'password', '', 'required minlength="10" autocomplete="new-password"')}
<button type="submit">Save password</button></form>`,
    ),
  error: (text: string) => layout('Sign-in problem', `${message('error', text)}<p><a href="/">Back to the shop</a></p>`),
};
