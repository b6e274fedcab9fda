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
<input id="base_url" name="base_url" type="url" value="{{baseUrl}}" required placeholder="https://adapters.example.com/chat" aria-describedby="base_url-hint{{#if error}} base_url-error{{/if}}"{{#if error}} aria-invalid="true"{{/if}}>
<p class="hint" id="base_url-hint">The address the adapter serves <code>/manifest.json</code> under. The service refuses loopback and private addresses unless its operator lists the host in <code>ADAPTERKIT_ALLOWED_HOSTS</code>.</p>
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
<button type="submit"{{#if preview.slug_taken}} disabled aria-describedby="create-reason"{{/if}}>Create draft</button>
{{#if preview.slug_taken}}<p class="field-error" id="create-reason">The slug {{preview.slug}} is taken on this instance: the manifest's slug must be unique, so change it in the adapter and preview again.</p>{{/if}}
</form>
</section>
{{/if}}
`;

/** The manifest's fields as a description list (every value escaped by Handlebars). */
export const MANIFEST_FIELDS = `<dl class="manifest">
{{#each fields}}<dt>{{name}}</dt><dd>{{#if problem}}<span class="field-error">{{problem}}</span> {{/if}}{{#if credentials}}<table>
<caption>Credentials the App asks for</caption>
<thead><tr><th scope="col">Key</th><th scope="col">Type</th><th scope="col">Label</th><th scope="col">Sent as</th><th scope="col">Fields</th></tr></thead>
<tbody>{{#each credentials}}<tr><td><code>{{key}}</code></td><td>{{type}}</td><td>{{label}}</td><td>{{mapsTo}}</td><td>{{fields}}</td></tr>{{/each}}</tbody>
</table>{{else}}{{#if steps}}<ol>{{#each steps}}<li>{{this}}</li>{{/each}}</ol>{{else}}{{value}}{{/if}}{{/if}}</dd>
{{/each}}</dl>`;
