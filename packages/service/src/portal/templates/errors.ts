/** The sign-in page. */
export const SIGN_IN_PAGE = `<h1>Sign in to the developer portal</h1>
<p>Sign in with an API token of your organization (a project-scoped token). The portal then acts as that token.</p>
<form method="post" action="/developer/sign-in" class="stack">
<input type="hidden" name="next" value="{{next}}">
<div class="field">
<label for="token">API token</label>
<input id="token" name="token" type="password" autocomplete="off" required{{#if error}} aria-invalid="true" aria-describedby="token-error"{{/if}}>
{{> fieldError id="token" error=error}}
</div>
<button type="submit">Sign in</button>
</form>
`;

/** A page that says what went wrong (403, 404, 400…), with a way on. */
export const ERROR_PAGE = `<h1>{{heading}}</h1>
<p>{{message}}</p>
<p><a href="{{back}}">{{backLabel}}</a></p>
`;
