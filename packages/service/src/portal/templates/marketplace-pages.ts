/** `/marketplace`: published Apps, and the organization's installations. */
export const MARKETPLACE_PAGE = `<h1>Marketplace</h1>
{{#if notice}}<p class="notice" role="status">{{notice}}</p>{{/if}}
<section aria-labelledby="published-heading">
<h2 id="published-heading">Published Apps</h2>
{{#if apps.length}}
<ul class="cards">
{{#each apps}}
<li class="card">
<h3>{{icon icon}} {{name}}</h3>
<p class="category">{{category}}</p>
<p class="publisher">Published by {{publisher}}</p>
{{#if description}}<p>{{description}}</p>{{/if}}
<a href="/marketplace/apps/{{slug}}">Install {{name}}</a>
</li>
{{/each}}
</ul>
{{> pager}}
{{else}}
<p>No App is published yet.</p>
{{/if}}
</section>
<section aria-labelledby="installations-heading">
<h2 id="installations-heading">Your installations</h2>
{{#if installations.length}}
<table>
<caption>Installations of your organization</caption>
<thead><tr><th scope="col">App</th><th scope="col">Inbound URL</th><th scope="col">Health</th><th scope="col">Front desk</th><th scope="col">Uninstall</th></tr></thead>
<tbody>
{{#each installations}}
<tr>
<td><a href="/marketplace/installations/{{id}}">{{app}}<span class="visually-hidden"> installation {{id}}</span></a></td>
<td><code>{{inboundUrl}}</code></td>
<td>{{> health status=health}}{{#if needsReauth}} (needs reconnecting){{/if}}{{#if actionNeeded}} {{> badge kind="state" value="action needed"}} <a href="/marketplace/installations/{{id}}#credentials-heading">give the credentials a new version needs<span class="visually-hidden"> for {{app}} installation {{id}}</span></a>{{/if}}</td>
<td>
<form method="post" action="/marketplace/installations/{{id}}/front-desk">
{{> csrf}}
<input type="hidden" name="front_desk" value="{{#if frontDesk}}off{{else}}on{{/if}}">
<span>{{#if frontDesk}}On{{else}}Off{{/if}}</span>
<button type="submit">Turn {{#if frontDesk}}off{{else}}on{{/if}}<span class="visually-hidden"> the front desk of {{app}} installation {{id}}</span></button>
</form>
</td>
<td>
<form method="post" action="/marketplace/installations/{{id}}/uninstall">
{{> csrf}}
<button type="submit" class="danger">Uninstall<span class="visually-hidden"> {{app}} installation {{id}}</span></button>
</form>
</td>
</tr>
{{/each}}
</tbody>
</table>
{{> pager pager=installationsPager}}
{{else}}
<p>Nothing installed yet.</p>
{{/if}}
</section>
`;

/** `/marketplace/:slug`: one published App and how to install it. */
export const INSTALL_PAGE = `<h1>Install {{app.name}}</h1>
<p>{{icon app.icon}} {{app.category}}</p>
<p class="publisher" id="publisher">Published by <strong>{{app.publisher}}</strong>. The credentials you give are used by this publisher's adapter: check that it is the publisher you mean.</p>
{{#if app.description}}<p>{{app.description}}</p>{{/if}}
{{#if app.setup.length}}
<h2>Setup instructions</h2>
<ol>{{#each app.setup}}<li>{{this}}</li>{{/each}}</ol>
{{/if}}
{{#if error}}<p class="field-error" role="alert" id="install-error">{{error}}</p>{{/if}}
{{#if oauth}}
<h2>Connect an account</h2>
<form method="post" action="/marketplace/apps/{{app.slug}}/connect" class="stack">
{{> csrf}}
<div class="field">
<label for="client_id">OAuth client id</label>
<input id="client_id" name="client_id" type="text" autocomplete="off">
</div>
<div class="field">
<label for="client_secret">OAuth client secret</label>
<input id="client_secret" name="client_secret" type="password" autocomplete="off">
</div>
<button type="submit">Connect</button>
</form>
{{/if}}
<h2>Install</h2>
{{#if reused.length}}
<div id="reused-credentials">
<p>Fields left blank use what your project already stored for this publisher's Apps:</p>
<ul>{{#each reused}}<li>your stored <strong>{{label}}</strong> (<code>{{key}}</code>, updated {{time updatedAt}})</li>{{/each}}</ul>
</div>
{{/if}}
<form method="post" action="/marketplace/apps/{{app.slug}}/install" class="stack">
{{> csrf}}
{{#if fields.length}}
<fieldset>
<legend>Credentials</legend>
{{> credentialFields fields=fields}}
</fieldset>
{{/if}}
<button type="submit">Install</button>
</form>
`;
