/** The page around every portal page: one skip link, the navigation, the main landmark. */
export const LAYOUT = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{title}} · adapterkit</title>
<link rel="stylesheet" href="{{cssHref}}">
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="top">
<span class="brand">adapterkit</span>
{{#if signedIn}}
<nav aria-label="Portal">
<ul>
<li><a href="/developer/apps"{{#if (eq section "developer")}} aria-current="page"{{/if}}>Your Apps</a></li>
<li><a href="/marketplace"{{#if (eq section "marketplace")}} aria-current="page"{{/if}}>Marketplace</a></li>
</ul>
</nav>
<form method="post" action="/developer/sign-out" class="sign-out">
{{> csrf}}
<button type="submit">Sign out</button>
</form>
{{/if}}
</header>
<main id="main">
{{body}}
</main>
{{#if script}}<script nonce="{{nonce}}">{{script}}</script>{{/if}}
</body>
</html>
`;

/** Partials shared by the pages. */
export const PARTIALS: Readonly<Record<string, string>> = {
  csrf: `<input type="hidden" name="csrf" value="{{@root.csrf}}">`,
  // A field's error, tied to its input by aria-describedby (id "<field>-error").
  fieldError: `{{#if error}}<p class="field-error" id="{{id}}-error">{{error}}</p>{{/if}}`,
  pager: `{{#if pager.pages}}<nav class="pager" aria-label="{{pager.label}}">
{{#if pager.previous}}<a href="{{pager.previous}}" rel="prev">Previous page</a>{{/if}}
<span>Page {{pager.page}} of {{pager.pages}} ({{pager.total}} in all)</span>
{{#if pager.next}}<a href="{{pager.next}}" rel="next">Next page</a>{{/if}}
</nav>{{/if}}`,
  credentialFields: `{{#each fields}}
<div class="field">
<label for="{{id}}">{{label}}{{#if keeps}} (blank keeps the stored value){{else}}{{#if optional}} (optional){{/if}}{{/if}}</label>
<input id="{{id}}" name="{{name}}" type="{{type}}" autocomplete="off"{{#unless optional}}{{#unless keeps}} required{{/unless}}{{/unless}} aria-describedby="{{id}}-help{{#if error}} {{id}}-error{{/if}}"{{#if error}} aria-invalid="true"{{/if}}>
<p class="hint" id="{{id}}-help">{{help}}</p>
{{> fieldError}}
</div>
{{/each}}`,
  health: `<span class="health health-{{status}}">{{status}}</span>`,
  // A state as a badge: its words, and a colour that only repeats them (D384).
  badge: `<span class="badge {{kind}}-{{slugOf value}}">{{value}}</span>`,
};
