// Non-API pages: a small index, and /dashboard/device (wokku's address; /device too)
// where a person approves a device sign-in code with their e-mail and password.

import { approveDevice, denyDevice, findByUserCode, formatUserCode } from './deviceAuth';
import { readRaw } from './http/body';
import type { PublicContext } from './http/context';
import { HANDLED, HttpError, notFound } from './http/reply';
import { sendHtml } from './http/respond';
import { API_PREFIX } from './pipeline';
import { verifyCredentials } from './routes/auth';

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>
body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;display:flex;justify-content:center}
main{background:#fff;margin:4rem 1rem;padding:2rem 2.5rem;border-radius:8px;box-shadow:0 2px 8px #0002;max-width:26rem;width:100%}
h1{font-size:1.4rem;margin-top:0}label{display:block;margin:.8rem 0 .2rem;font-weight:600}
input{width:100%;box-sizing:border-box;padding:.5rem;font-size:1rem;border:1px solid #bbb;border-radius:4px}
.code{font-family:monospace;font-size:1.3rem;letter-spacing:.15rem;text-transform:uppercase}
.actions{margin-top:1.2rem;display:flex;gap:.6rem}button{padding:.55rem 1.2rem;font-size:1rem;border-radius:4px;border:0;cursor:pointer}
.approve{background:#2563eb;color:#fff}.deny{background:#e5e7eb}.error{color:#b91c1c}.ok{color:#15803d}
</style></head><body><main>${body}</main></body></html>`;
}

function form(userCode: string, error?: string): string {
  return page('AppHost: confirm device sign-in', `
<h1>Sign in a device</h1>
<p>Check that this code matches the one shown in your editor, then sign in to approve it.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/dashboard/device">
<label for="user_code">Code</label><input id="user_code" name="user_code" class="code" value="${escapeHtml(userCode)}" required autocomplete="off">
<label for="email">E-mail</label><input id="email" name="email" type="email" required autocomplete="username">
<label for="password">Password</label><input id="password" name="password" type="password" required autocomplete="current-password">
<label for="otp_code">One-time code (admins only)</label><input id="otp_code" name="otp_code" inputmode="numeric" autocomplete="one-time-code">
<div class="actions"><button class="approve" name="action" value="approve" type="submit">Approve</button>
<button class="deny" name="action" value="deny" type="submit" formnovalidate>Deny</button></div>
</form>`);
}

async function submitDevice(ctx: PublicContext): Promise<void> {
  const fields = new URLSearchParams(await readRaw(ctx.req));
  const userCode = fields.get('user_code') ?? '';
  const field = (name: string): string | undefined => fields.get(name)?.trim() || undefined;
  const { store } = ctx.state;
  const auth = findByUserCode(store, userCode);
  if (!auth || Date.now() >= auth.expiresAt || auth.status !== 'pending') {
    sendHtml(ctx.res, 400, form(userCode, 'This code is unknown, expired or already used. Start the sign-in again in your editor.'));
    return;
  }
  if (fields.get('action') === 'deny') {
    denyDevice(store, userCode);
    sendHtml(ctx.res, 200, page('Sign-in denied', '<h1>Sign-in denied</h1><p>The device was not signed in. You can close this page.</p>'));
    return;
  }
  try {
    const user = verifyCredentials(ctx.state, ctx.ip, field('email'), field('password'), field('otp_code'));
    approveDevice(store, userCode, user.id);
    sendHtml(ctx.res, 200, page('Device signed in', `<h1 class="ok">Device approved</h1><p>${escapeHtml(auth.clientName)} is now signed in as ${escapeHtml(user.email)}. You can close this page and return to your editor.</p>`));
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    sendHtml(ctx.res, err.status, form(formatUserCode(userCode), err.message));
  }
}

export async function servePage(ctx: PublicContext): Promise<unknown> {
  const { method, path } = ctx;
  if (path === '/' && method === 'GET') {
    return { name: 'AppHost reference server', api: `${ctx.state.baseUrl}${API_PREFIX}`, device: `${ctx.state.baseUrl}/dashboard/device` };
  }
  const devicePage = path === '/dashboard/device' || path === '/device';
  if (devicePage && method === 'GET') {
    sendHtml(ctx.res, 200, form(ctx.query.get('user_code') ?? ''));
    return HANDLED;
  }
  if (devicePage && method === 'POST') {
    await submitDevice(ctx);
    return HANDLED;
  }
  throw notFound();
}
