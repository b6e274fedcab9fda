/** `/developer/apps`: the organization's Apps. */
export const APPS_PAGE = `<h1>Your Apps</h1>
<p><a class="button" href="/developer/new-app">New App</a></p>
{{#if apps.length}}
<table>
<caption>Apps of your organization, by slug</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Slug</th><th scope="col">State</th><th scope="col">Health</th><th scope="col">Version</th></tr></thead>
<tbody>
{{#each apps}}
<tr><td><a href="/developer/apps/{{slug}}">{{name}}</a></td><td>{{slug}}</td><td>{{state}}</td><td>{{> health status=health}}</td><td>{{version}}</td></tr>
{{/each}}
</tbody>
</table>
{{> pager}}
{{else}}
<p>No Apps yet. Register one from its adapter's base URL with New App.</p>
{{/if}}
`;

/** New App: the base URL form, then the preview with Create draft. */
export const NEW_APP_PAGE = `<h1>New App</h1>
<form method="post" action="/developer/new-app" class="stack">
{{> csrf}}
<div class="field">
<label for="base_url">Adapter base URL</label>
<input id="base_url" name="base_url" type="url" value="{{baseUrl}}" required placeholder="http://127.0.0.1:3100/chat"{{#if error}} aria-invalid="true" aria-describedby="base_url-error"{{/if}}>
{{> fieldError id="base_url" error=error}}
</div>
<button type="submit">Preview</button>
</form>
{{#if manifestProblems.length}}
<section class="problems" aria-labelledby="manifest-problems-heading">
<h2 id="manifest-problems-heading">What the manifest gets wrong</h2>
<ul>{{#each manifestProblems}}<li><code>{{field}}</code>: {{message}}</li>{{/each}}</ul>
</section>
{{/if}}
{{#if preview}}
<section aria-labelledby="preview-heading">
<h2 id="preview-heading">Preview of {{preview.manifest.name}}</h2>
{{#if preview.problems.length}}
<div class="problems" role="alert">
<h3>Problems</h3>
<ul>{{#each preview.problems}}<li><strong>{{field}}</strong>: {{message}}</li>{{/each}}</ul>
</div>
{{else}}
<p class="ok">No problems found.</p>
{{/if}}
<h3>Health</h3>
{{#if preview.health}}<p>{{preview.health.status}}, version {{preview.health.version}} ({{preview.health.adapter}})</p>{{else}}<p>No answer from /health.</p>{{/if}}
<h3>Manifest</h3>
{{> manifestFields fields=manifestFields}}
<form method="post" action="/developer/apps" class="stack">
{{> csrf}}
<input type="hidden" name="base_url" value="{{preview.base_url}}">
<button type="submit"{{#if preview.slug_taken}} disabled{{/if}}>Create draft</button>
{{#if preview.slug_taken}}<p class="field-error">The slug {{preview.slug}} is taken on this instance.</p>{{/if}}
</form>
</section>
{{/if}}
`;

/** The manifest's fields as a description list (every value escaped by Handlebars). */
export const MANIFEST_FIELDS = `<dl class="manifest">
{{#each fields}}<dt>{{name}}</dt><dd>{{#if problem}}<span class="field-error">{{problem}}</span> {{/if}}{{value}}</dd>
{{/each}}</dl>`;
