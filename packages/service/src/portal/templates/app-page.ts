/** `/developer/apps/:slug`: one App of the organization, with every action its author has. */
export const APP_PAGE = `<h1>{{app.name}}</h1>
{{#if notice}}<p class="notice" role="status">{{notice}}</p>{{/if}}
<nav class="toc" aria-label="On this page">
<ul>
<li><a href="#start-heading">Getting started</a></li>
<li><a href="#overview-heading">Overview</a></li>
<li><a href="#secret-heading">Signing secret</a></li>
<li><a href="#verify-heading">Verify</a></li>
<li><a href="#refresh-heading">Refresh</a></li>
<li><a href="#edit-heading">Edit</a></li>
<li><a href="#fixtures-heading">Fixtures</a></li>
<li><a href="#review-heading">Review</a></li>
<li><a href="#release-heading">Release</a></li>
<li><a href="#versions-heading">Versions</a></li>
<li><a href="#manifest-heading">Manifest</a></li>
</ul>
</nav>
<section aria-labelledby="start-heading">
<h2 id="start-heading">Getting started</h2>
<ol class="checklist">
{{#each checklist}}<li{{#if done}} class="done"{{/if}}><a href="{{href}}">{{label}}</a>: <strong>{{#if done}}done{{else}}to do{{/if}}</strong>{{#unless done}} ({{why}}){{/unless}}</li>
{{/each}}</ol>
</section>
<section aria-labelledby="overview-heading">
<h2 id="overview-heading">Overview</h2>
<dl>
<dt>Slug</dt><dd>{{app.slug}}</dd>
<dt>Publisher</dt><dd id="publisher">{{publisher}}: the marketplace shows this name on the App's card and install page</dd>
<dt>State</dt><dd>{{> badge kind="state" value=app.state}}</dd>
<dt>Base URL</dt><dd>{{app.base_url}}</dd>
<dt>Version</dt><dd>{{app.version}} (latest {{app.latest_version}}, published {{#if app.published_version}}{{app.published_version}}{{else}}none{{/if}})</dd>
<dt>Health</dt><dd>{{> health status=app.health.status}}{{#if app.health.version}} version {{app.health.version}}{{/if}}{{#if app.health.checked_at}}, checked {{time app.health.checked_at}}{{/if}}</dd>
</dl>
<p><a href="/marketplace/apps/{{app.slug}}">Install {{app.name}}</a>{{#unless app.published_version}} (your organization may install its own draft to test it){{/unless}}</p>
<h3 id="installations-heading">Installations in your project</h3>
{{#if installations.items.length}}
<ul aria-labelledby="installations-heading">{{#each installations.items}}<li><a href="/marketplace/installations/{{id}}">Installation {{id}}</a>, version {{version}}, installed {{time created}}</li>{{/each}}</ul>
{{#if (gt installations.total installations.items.length)}}<p>{{installations.total}} in all; the marketplace lists every one.</p>{{/if}}
{{else}}
<p>None yet.</p>
{{/if}}
<h3>Health history</h3>
{{#if healthChecks.length}}
<table>
<caption>The latest health checks, newest first</caption>
<thead><tr><th scope="col">Checked</th><th scope="col">Status</th><th scope="col">Version</th><th scope="col">Detail</th></tr></thead>
<tbody>{{#each healthChecks}}<tr><td>{{time at}}</td><td>{{> health status=status}}</td><td>{{version}}</td><td>{{detail}}</td></tr>{{/each}}</tbody>
</table>
{{else}}
<p>No health checks yet: the service polls /health every minute for Apps with installations or a review running.</p>
{{/if}}
{{#if app.calls.length}}
<table>
<caption>Calls to the adapter since this instance started</caption>
<thead><tr><th scope="col">Endpoint</th><th scope="col">OK</th><th scope="col">Failed</th><th scope="col">Timed out</th><th scope="col">Mean ms</th><th scope="col">Max ms</th></tr></thead>
<tbody>{{#each app.calls}}<tr><td>{{endpoint}}</td><td>{{ok}}</td><td>{{failed}}</td><td>{{timed_out}}</td><td>{{mean_ms}}</td><td>{{max_ms}}</td></tr>{{/each}}</tbody>
</table>
{{/if}}
</section>

<section aria-labelledby="secret-heading">
<h2 id="secret-heading">Signing secret</h2>
<p>Set it as the adapter's <code>ADAPTER_SIGNING_SECRET</code>.</p>
{{#if secret.shown}}
<p class="notice" role="status">{{#if secret.rotated}}New secret{{else}}Current secret{{/if}}, shown on this page only: <code class="secret">{{secret.value}}</code></p>
{{else}}
<p>Current secret: <code>{{secret.masked}}</code> (created {{time secret.createdAt}})</p>
<form method="post" action="/developer/apps/{{app.slug}}/signing-secret/show">
{{> csrf}}
<button type="submit">Show signing secret</button>
</form>
{{/if}}
{{#if secret.verified}}<p>Seen checked: the adapter refused an unsigned call and took one signed with this secret ({{secret.verified.by}}, {{time secret.verified.at}}).</p>{{else}}<p>Not seen checked yet: no review or signing check has seen the adapter refuse an unsigned call since this secret was created.</p>{{/if}}
{{#if secret.check}}<p role="status" class="{{#if secret.check.ok}}ok{{else}}field-error{{/if}}">{{> badge kind="state" value=secret.check.outcome}} {{secret.check.detail}}</p>{{/if}}
<form method="post" action="/developer/apps/{{app.slug}}/signing-secret/check">
{{> csrf}}
<button type="submit" class="secondary">Check the signing secret</button>
</form>
{{#if secret.previousExpiresAt}}<p>Calls also carry a signature with the previous secret until {{time secret.previousExpiresAt}}.</p>{{/if}}
<form method="post" action="/developer/apps/{{app.slug}}/signing-secret/rotate">
{{> csrf}}
<button type="submit" class="danger">Rotate signing secret</button>
</form>
</section>

<section aria-labelledby="verify-heading">
<h2 id="verify-heading">Verify</h2>
{{#if verify.result}}<p class="{{#if verify.result.ok}}ok{{else}}field-error{{/if}}" role="status">{{verify.result.message}}</p>{{/if}}
{{#if verify.fields.length}}
<form method="post" action="/developer/apps/{{app.slug}}/verify" class="stack">
{{> csrf}}
<fieldset>
<legend>Credentials the manifest declares</legend>
{{> credentialFields fields=verify.fields}}
</fieldset>
<button type="submit">Verify</button>
</form>
{{else}}
<form method="post" action="/developer/apps/{{app.slug}}/verify">
{{> csrf}}
<p>The manifest declares no credentials to fill in here.</p>
<button type="submit">Verify</button>
</form>
{{/if}}
</section>

<section aria-labelledby="refresh-heading">
<h2 id="refresh-heading">Refresh</h2>
<p>Fetch the manifest again from the base URL; a changed manifest becomes a new version.</p>
<form method="post" action="/developer/apps/{{app.slug}}/refresh">
{{> csrf}}
<button type="submit">Refresh manifest</button>
</form>
{{#if diff.shown}}
{{#if diff.changes.length}}
<table>
<caption>What changed in the manifest</caption>
<thead><tr><th scope="col">What changed</th><th scope="col">Before</th><th scope="col">After</th></tr></thead>
<tbody>{{#each diff.changes}}<tr><td>{{#if summary}}{{summary}}{{else}}<code>{{pointer}}</code>{{/if}}</td><td>{{before}}</td><td>{{after}}</td></tr>{{/each}}</tbody>
</table>
{{else}}
<p role="status">The manifest has not changed.</p>
{{/if}}
{{/if}}
</section>

<section aria-labelledby="edit-heading">
<h2 id="edit-heading">Edit</h2>
<form method="post" action="/developer/apps/{{app.slug}}/edit" class="stack">
{{> csrf}}
<div class="field">
<label for="edit_base_url">Base URL</label>
<input id="edit_base_url" name="base_url" type="url" required value="{{edit.value}}"{{#if edit.error}} aria-invalid="true" aria-describedby="edit_base_url-error"{{/if}}>
{{> fieldError id="edit_base_url" error=edit.error}}
</div>
<button type="submit">Save listing</button>
</form>
</section>

{{#if review}}
<section aria-labelledby="fixtures-heading">
<h2 id="fixtures-heading">Conformance fixtures</h2>
{{#if review.fixtures}}<p>A fixtures file is stored ({{review.fixtures.bytes}} bytes, uploaded {{time review.fixtures.uploaded}}).</p>{{else}}<p>No fixtures file stored yet.</p>{{/if}}
<form method="post" action="/developer/apps/{{app.slug}}/fixtures" enctype="multipart/form-data" class="stack">
{{> csrf}}
<div class="field">
<label for="fixtures_file">Fixtures file (JSON or YAML)</label>
<input id="fixtures_file" name="fixtures_file" type="file" accept=".json,.yaml,.yml,application/json"{{#if review.fixturesError}} aria-invalid="true" aria-describedby="fixtures_file-error"{{/if}}>
{{> fieldError id="fixtures_file" error=review.fixturesError}}
</div>
<div class="field">
<label for="fixtures_text">Or paste the fixtures</label>
<textarea id="fixtures_text" name="fixtures_text" rows="6"></textarea>
</div>
<button type="submit">Upload fixtures</button>
</form>
</section>

<section aria-labelledby="review-heading">
<h2 id="review-heading">Review</h2>
{{#if review.submitError}}<p class="field-error" role="alert">{{review.submitError}}</p>{{/if}}
<form method="post" action="/developer/apps/{{app.slug}}/reviews">
{{> csrf}}
{{#if review.canSubmit}}
<p>Submits version {{app.latest_version}}, the latest, to the conformance checks.</p>
<button type="submit">Submit for Review</button>
{{else}}
<button type="submit" disabled aria-describedby="submit-reason">Submit for Review</button>
<p class="reason" id="submit-reason">{{review.blockedReason}}</p>
{{/if}}
</form>
{{#if review.items.length}}
<table>
<caption>Review history</caption>
<thead><tr><th scope="col">Review</th><th scope="col">Version</th><th scope="col">State</th><th scope="col">Submitted</th></tr></thead>
<tbody>{{#each review.items}}<tr><td><a href="/developer/apps/{{../app.slug}}/reviews/{{id}}">Review {{id}}</a></td><td>{{version}}</td><td>{{> badge kind="state" value=state}}</td><td>{{time created}}</td></tr>{{/each}}</tbody>
</table>
{{else}}
<p>No reviews yet.</p>
{{/if}}
</section>
{{/if}}

<section aria-labelledby="release-heading">
<h2 id="release-heading">Release</h2>
<p>Published version: {{#if release.published}}{{release.published}}{{else}}none{{/if}}. A version is published only when you press Publish after its review passed.</p>
{{#if release.releaseError}}<p class="field-error" role="alert">{{release.releaseError}}</p>{{/if}}
<form method="post" action="/developer/apps/{{app.slug}}/publish">
{{> csrf}}
{{#if release.canPublish}}
<input type="hidden" name="version" value="{{release.approved}}">
<p>Version {{release.approved}} passed its review and is ready to publish: installations made from then on get it.</p>
<button type="submit">Publish version {{release.approved}}</button>
{{else}}
<button type="submit" disabled aria-describedby="publish-reason">Publish</button>
<p class="reason" id="publish-reason">{{release.publishReason}}</p>
{{/if}}
</form>
<h3 id="upgrade-heading">Existing installations</h3>
<p>In every organization: {{release.counts.onPublished}} on the published version, {{release.counts.older}} on an older one{{#if release.counts.actionNeeded}} ({{release.counts.actionNeeded}} need action: an upgrade could not move them){{/if}}.</p>
{{#if release.upgradeError}}<p class="field-error" role="alert" id="upgrade_amount-error">{{release.upgradeError}}</p>{{/if}}
<form method="post" action="/developer/apps/{{app.slug}}/installations/upgrade" class="stack">
{{> csrf}}
{{#if release.canUpgrade}}
<fieldset>
<legend>Move to version {{release.published}}</legend>
<div><input type="radio" id="share_all" name="share" value="all" checked> <label for="share_all">All {{release.counts.older}}</label></div>
<div><input type="radio" id="share_percent" name="share" value="percent"> <label for="share_percent">A percentage of them</label></div>
<div><input type="radio" id="share_count" name="share" value="count"> <label for="share_count">A number of them</label></div>
<div class="field">
<label for="upgrade_amount">Percentage or number, for a share</label>
<input id="upgrade_amount" name="amount" type="number" min="1" max="10000" value="{{release.upgradeValue}}"{{#if release.upgradeError}} aria-invalid="true" aria-describedby="upgrade_amount-error"{{/if}}>
</div>
</fieldset>
<p>Each is verified again with its own credentials; one that needs a credential this version adds stays where it is, marked “action needed”.</p>
<button type="submit">Move installations</button>
{{else}}
<button type="submit" disabled aria-describedby="upgrade-reason">Move installations</button>
<p class="reason" id="upgrade-reason">{{release.upgradeReason}}</p>
{{/if}}
</form>
<h3 id="upgrade-jobs-heading">Upgrades</h3>
{{#if release.upgrades.length}}
{{#each release.upgrades}}
<section aria-labelledby="upgrade-{{id}}-heading" class="stack">
<h4 id="upgrade-{{id}}-heading">Upgrade {{id}} to version {{toVersion}}: {{state}}</h4>
<p>Started {{created}}. <progress max="{{total}}" value="{{done}}" aria-label="Installations handled">{{done}} of {{total}}</progress> {{done}} of {{total}} handled: {{moved}} moved, {{actionNeeded}} marked action needed, {{kept}} kept where they were.{{#if error}} It stopped: {{error}}{{/if}}</p>
{{#if active}}
<form method="post" action="/developer/apps/{{../app.slug}}/upgrades/{{id}}/cancel">
{{> csrf}}
<button type="submit" class="danger">Cancel upgrade {{id}}</button>
</form>
{{/if}}
{{#if results.length}}
<table>
<thead><tr><th scope="col">Installation</th><th scope="col">From version</th><th scope="col">Outcome</th><th scope="col">Why</th></tr></thead>
<tbody>
{{#each results}}
<tr><td>{{#if href}}<a href="{{href}}">{{id}}</a>{{else}}{{id}}{{/if}}</td><td>{{fromVersion}}</td><td>{{outcome}}</td><td>{{reason}}</td></tr>
{{/each}}
</tbody>
</table>
{{#if more}}<p>{{more}} more handled; the API lists them all (GET /api/v1/apps/{{../app.slug}}/upgrades/{{id}}).</p>{{/if}}
{{/if}}
</section>
{{/each}}
{{else}}
<p>No upgrade yet.</p>
{{/if}}
<form method="post" action="/developer/apps/{{app.slug}}/installations/move-back">
{{> csrf}}
{{#if release.canMoveBack}}
<p>{{release.counts.movedHere}} installation(s) were moved to version {{release.published}} by an upgrade.</p>
<button type="submit" class="danger">Move them back</button>
{{else}}
<button type="submit" class="danger" disabled aria-describedby="move-back-reason">Move them back</button>
<p class="reason" id="move-back-reason">{{release.moveBackReason}}</p>
{{/if}}
</form>
</section>

<section aria-labelledby="versions-heading">
<h2 id="versions-heading">Versions</h2>
<table>
<caption>Every version of the manifest, newest first</caption>
<thead><tr><th scope="col">Version</th><th scope="col">State</th><th scope="col">Fetched</th><th scope="col">Review</th><th scope="col">Changes</th></tr></thead>
<tbody>
{{#each versions}}
<tr id="version-{{version}}">
<td>{{version}}</td>
<td>{{> badge kind="state" value=state}}</td>
<td>{{time created}}</td>
<td>{{#if review}}<a href="/developer/apps/{{../app.slug}}/reviews/{{review.id}}">Review {{review.id}}</a> ({{review.state}}){{else}}none{{/if}}</td>
<td>{{#if first}}First version.{{else}}{{#if changes.length}}<details><summary>{{changes.length}} changed field(s) since version {{previousVersion}}</summary>
<table>
<caption>Changes in version {{version}}</caption>
<thead><tr><th scope="col">What changed</th><th scope="col">Before</th><th scope="col">After</th></tr></thead>
<tbody>{{#each changes}}<tr><td>{{#if summary}}{{summary}}{{else}}<code>{{pointer}}</code>{{/if}}</td><td>{{before}}</td><td>{{after}}</td></tr>{{/each}}</tbody>
</table></details>{{else}}No change.{{/if}}{{/if}}</td>
</tr>
{{/each}}
</tbody>
</table>
</section>

<section aria-labelledby="manifest-heading">
<h2 id="manifest-heading">Manifest (version {{app.version}})</h2>
{{> manifestFields fields=manifestFields}}
</section>
`;
