import { html, type Html } from '../html.js';
import { layout } from './layout.js';
import { UI_HOME } from '../ui-paths.js';

/** The one form a token-protected catalog shows before anything else. */
export function renderSignInPage(next: string, failed: boolean): Html {
  return layout(
    { title: 'Sign in', bare: true },
    html`<section class="sign-in" aria-labelledby="sign-in-heading">
      <h1 id="sign-in-heading">Sign in</h1>
      <p>
        This catalog is protected by a token. Enter the server's token (<code>CATALOG_SERVER_TOKEN</code>) to
        continue.
      </p>
      ${failed ? html`<p class="notice error" role="alert">That token is not this server's token.</p>` : ''}
      <form method="post" action="/sign-in">
        <input type="hidden" name="next" value="${next}" />
        <label for="token">Token</label>
        <input type="password" id="token" name="token" required autocomplete="current-password" autofocus />
        <button type="submit">Sign in</button>
      </form>
    </section>`,
  );
}

/** Where to go after signing in: a path on this server only (never another site). */
export function safeNext(value: string | null | undefined): string {
  if (
    value === null ||
    value === undefined ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.includes('\\')
  ) {
    return UI_HOME;
  }
  return value;
}
