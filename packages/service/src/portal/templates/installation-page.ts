/** `/marketplace/installations/:id`: one installation, its inbound log, deliveries and app-event triggers. */
export const INSTALLATION_PAGE = `<h1>{{installation.name}} installation</h1>
{{#if notice}}<p class="notice" role="status">{{notice}}</p>{{/if}}
<nav class="toc" aria-label="On this page">
<ul>
<li><a href="#overview-heading">Overview</a></li>
<li><a href="#credentials-heading">Credentials</a></li>
<li><a href="#handshake-heading">Check the inbound URL</a></li>
<li><a href="#test-heading">Send a test event</a></li>
<li><a href="#events-heading">Inbound events</a></li>
<li><a href="#deliveries-heading">Deliveries</a></li>
<li><a href="#triggers-heading">App-event triggers</a></li>
</ul>
</nav>
<section aria-labelledby="overview-heading">
<h2 id="overview-heading">Overview</h2>
<dl>
<dt>Installation</dt><dd><code>{{installation.id}}</code></dd>
<dt>App</dt><dd>{{#if installation.ownApp}}<a href="/developer/apps/{{installation.app}}">{{installation.name}}</a>{{else}}<a href="/marketplace/apps/{{installation.app}}">{{installation.name}}</a>{{/if}} ({{installation.app}})</dd>
<dt>State</dt><dd>{{> badge kind="state" value=installation.state}}</dd>
<dt>Version</dt><dd>{{installation.app_version}}{{#if installation.published}} (the App's published version is {{installation.published}}){{/if}}{{#if installation.previous_version}}; moved from version {{installation.previous_version}} by the App's author{{/if}}</dd>
{{#if installation.action_needed}}<dt>Upgrade</dt><dd id="upgrade-action">{{> badge kind="state" value="action needed"}} stays on version {{installation.app_version}}, not moved to version {{installation.action_needed.version}}: {{installation.action_needed.reason}} <a href="#credentials-heading">Give the credentials</a>; it then moves, keeping its id and inbound URL.</dd>{{/if}}
<dt>Inbound URL</dt><dd><code>{{installation.inbound_url}}</code></dd>
<dt>Verified as</dt><dd>{{#if installation.verified_user}}{{installation.verified_user}}{{else}}—{{/if}}</dd>
<dt>Installed</dt><dd>{{time installation.created_at}}</dd>
{{#if installation.needs_reauth.length}}<dt>Action needed</dt><dd>{{> badge kind="state" value="action needed"}} reconnect {{#each installation.needs_reauth}}<code>{{this}}</code> {{/each}}</dd>{{/if}}
</dl>
<h3>Front desk</h3>
{{#if installation.active}}
<form method="post" action="/marketplace/installations/{{installation.id}}/front-desk">
{{> csrf}}
<input type="hidden" name="back" value="installation">
<input type="hidden" name="front_desk" value="{{#if installation.front_desk}}off{{else}}on{{/if}}">
<p>The front desk is <strong>{{#if installation.front_desk}}on{{else}}off{{/if}}</strong>: {{#if installation.front_desk}}every inbound message becomes a front-desk task, and app-event triggers do not fire{{else}}inbound messages start the app-event triggers below{{/if}}.</p>
<button type="submit" class="secondary">Turn the front desk {{#if installation.front_desk}}off{{else}}on{{/if}}</button>
</form>
<h3>Uninstall</h3>
<form method="post" action="/marketplace/installations/{{installation.id}}/uninstall">
{{> csrf}}
<button type="submit" class="danger">Uninstall this installation</button>
</form>
{{else}}
<p>The installation is uninstalled: its inbound URL answers 410 and nothing runs for it.</p>
{{/if}}
</section>

<section aria-labelledby="credentials-heading">
<h2 id="credentials-heading">Credentials</h2>
{{#if credentials.error}}<p class="field-error" role="alert">{{credentials.error}}</p>{{/if}}
{{#if installation.active}}
{{#if credentials.fields.length}}
<p>The adapter's <code>/verify</code> checks them before they replace the stored ones; a refusal keeps the stored ones. They are shared by this publisher's Apps in your project. The installation keeps its id and inbound URL{{#if installation.action_needed}}, and moves to version {{credentials.version}} once they are accepted{{/if}}.</p>
<form method="post" action="/marketplace/installations/{{installation.id}}/credentials" class="stack" aria-labelledby="credentials-heading">
{{> csrf}}
<fieldset>
<legend>Credentials version {{credentials.version}} declares</legend>
{{> credentialFields fields=credentials.fields}}
</fieldset>
<button type="submit">Verify and save credentials</button>
</form>
{{else}}
<p>Version {{credentials.version}} declares no credentials to type in{{#if credentials.oauth}}: its OAuth account is connected from the App's install page{{/if}}.</p>
{{/if}}
{{else}}
<p>An uninstalled installation takes no new credentials.</p>
{{/if}}
</section>

<section aria-labelledby="handshake-heading">
<h2 id="handshake-heading">Check the inbound URL</h2>
<p>The platform posts its events to <code>{{installation.inbound_url}}</code>. Before it sends any, a platform such as Slack checks the URL with a handshake (a challenge the URL must answer).</p>
{{#if handshake.error}}<p class="field-error" role="alert">{{handshake.error}}</p>{{/if}}
{{#if handshake.result}}
<div class="check-result" role="status">
<p>{{#if handshake.result.ok}}{{> badge kind="state" value="passed"}}{{else}}{{> badge kind="state" value="failed"}}{{/if}} Handshake sample <q>{{handshake.result.sample}}</q>: {{handshake.result.outcome}}.</p>
<p>{{handshake.result.detail}}</p>
</div>
{{/if}}
{{#if handshake.available}}
<p>Sends the App's handshake sample from its fixtures file through the adapter, signed as the platform signs it, exactly as the inbound URL would pass it on, and says whether the answer is the one the platform expects. Nothing is recorded or started.</p>
<form method="post" action="/marketplace/installations/{{installation.id}}/handshake-check">
{{> csrf}}
<button type="submit" class="secondary">Check the handshake</button>
</form>
{{else}}
<button type="button" disabled aria-describedby="handshake-reason">Check the handshake</button>
<p class="reason" id="handshake-reason">{{handshake.reason}}</p>
{{/if}}
</section>

<section aria-labelledby="test-heading">
<h2 id="test-heading">Send a test event</h2>
{{#if test.error}}<p class="field-error" role="alert">{{test.error}}</p>{{/if}}
{{#if test.available}}
<p>Sends the first message sample of the App's fixtures file to this installation, signed as the platform signs it with your installation's credentials. It goes through the whole inbound pipeline (triggers or the front desk included) and is marked as a test in the log below.</p>
<form method="post" action="/marketplace/installations/{{installation.id}}/test-event">
{{> csrf}}
<button type="submit" class="secondary">Send a test event</button>
</form>
{{else}}
<button type="button" disabled aria-describedby="test-reason">Send a test event</button>
<p class="reason" id="test-reason">{{test.reason}}</p>
{{/if}}
</section>

<section aria-labelledby="events-heading">
<h2 id="events-heading">Inbound events</h2>
<form method="get" action="{{path}}#events-heading" class="filters" aria-label="Filter the events">
<div class="field">
<label for="filter_outcome">Outcome</label>
<select id="filter_outcome" name="outcome">
<option value="">any</option>
{{#each filter.outcomes}}<option value="{{value}}"{{#if selected}} selected{{/if}}>{{label}}</option>{{/each}}
</select>
</div>
<div class="field">
<label for="filter_event_type">Event type</label>
<input id="filter_event_type" name="event_type" type="text" maxlength="256" value="{{filter.event_type}}">
</div>
<div class="field">
<label for="filter_sender">Sender</label>
<input id="filter_sender" name="sender" type="text" maxlength="512" value="{{filter.sender}}">
</div>
<div class="field">
<label for="filter_test">Sent by</label>
<select id="filter_test" name="test">
<option value="">the platform or a test</option>
<option value="false"{{#if (eq filter.test "false")}} selected{{/if}}>the platform only</option>
<option value="true"{{#if (eq filter.test "true")}} selected{{/if}}>tests only</option>
</select>
</div>
<div class="field">
<label for="filter_since">Since (UTC)</label>
<input id="filter_since" name="since" type="datetime-local" step="1" value="{{filter.since}}">
</div>
<div class="field">
<label for="filter_until">Before (UTC)</label>
<input id="filter_until" name="until" type="datetime-local" step="1" value="{{filter.until}}">
</div>
<button type="submit" class="secondary">Filter</button>
{{#if filter.active}}<a href="{{path}}#events-heading">Show every event</a>{{/if}}
</form>
{{#if events.length}}
<table>
<caption>Inbound events, newest first{{#if filter.active}}, filtered{{/if}}</caption>
<thead><tr><th scope="col">Event</th><th scope="col">Received</th><th scope="col">Outcome</th><th scope="col">Event type</th><th scope="col">Sender</th><th scope="col">Message</th><th scope="col">Runs</th></tr></thead>
<tbody>
{{#each events}}
<tr><td><a href="{{href}}">{{id}}</a></td><td>{{time received_at}}</td><td>{{> badge kind="state" value=outcomeLabel}}{{#if test}} <span class="badge">test</span>{{/if}}{{#if replay_of}} <span class="badge">replay</span>{{/if}}{{#if (gt count 1)}} ×{{count}}{{/if}}</td><td>{{#if event_type}}{{event_type}}{{else}}—{{/if}}</td><td>{{#if sender}}{{sender}}{{else}}—{{/if}}</td><td>{{#if excerpt}}{{excerpt}}{{else}}{{detail}}{{/if}}</td><td>{{#each workflow_run_ids}}<a href="/developer/runs/{{this}}">{{this}}</a> {{else}}—{{/each}}</td></tr>
{{/each}}
</tbody>
</table>
{{else}}
<p>No inbound events {{#if newestEvents}}older than these{{else}}{{#if filter.active}}match the filter{{else}}yet: the platform posts them to the inbound URL{{/if}}{{/if}}.</p>
{{/if}}
<nav class="pager" aria-label="Inbound event pages">
{{#if newestEvents}}<a href="{{newestEvents}}">Newest events</a>{{/if}}
{{#if olderEvents}}<a href="{{olderEvents}}" rel="next">Older events</a>{{/if}}
</nav>
</section>

<section aria-labelledby="deliveries-heading">
<h2 id="deliveries-heading">Deliveries</h2>
{{#if deliveryError}}<p class="field-error" role="alert">{{deliveryError}}</p>{{/if}}
{{#if deliveries.length}}
<table>
<caption>Front-desk replies sent through the adapter, newest first; attempts are kept 30 days</caption>
<thead><tr><th scope="col">Delivery</th><th scope="col">Status</th><th scope="col">To</th><th scope="col">Created</th><th scope="col">Delivered</th><th scope="col">Last error</th><th scope="col">Attempts</th><th scope="col">Resend</th></tr></thead>
<tbody>
{{#each deliveries}}
<tr><td>{{id}}{{#if resentFrom}} (resends {{resentFrom}}){{/if}}</td><td>{{> badge kind="state" value=status}}</td><td>{{to}}</td><td>{{time created}}</td><td>{{time delivered}}</td><td>{{error}}</td><td>{{> attempts}}</td><td>{{> resend}}</td></tr>
{{/each}}
</tbody>
</table>
{{else}}
<p>No deliveries {{#if newestDeliveries}}older than these{{else}}yet: the front desk's replies are listed here{{/if}}.</p>
{{/if}}
<nav class="pager" aria-label="Delivery pages">
{{#if newestDeliveries}}<a href="{{newestDeliveries}}">Newest deliveries</a>{{/if}}
{{#if olderDeliveries}}<a href="{{olderDeliveries}}" rel="next">Older deliveries</a>{{/if}}
</nav>
</section>

<section aria-labelledby="triggers-heading">
<h2 id="triggers-heading">App-event triggers</h2>
{{#if triggers.length}}
<table>
<caption>Triggers this installation's events start</caption>
<thead><tr><th scope="col">Trigger</th><th scope="col">Workflow</th><th scope="col">Event type</th><th scope="col">Stage</th><th scope="col">Enabled</th><th scope="col">Fired</th></tr></thead>
<tbody>
{{#each triggers}}
<tr><td>{{name}}</td><td>{{workflowName}}</td><td>{{eventType}}</td><td>{{targetStage}}</td><td>{{#if enabled}}yes{{else}}no{{/if}}</td><td>{{fireCount}}</td></tr>
{{/each}}
</tbody>
</table>
{{else}}
<p>No app-event triggers for this installation yet.</p>
{{/if}}
<h3 id="new-trigger-heading">Create an app-event trigger</h3>
{{#if installation.active}}
{{#if trigger.workflows.length}}
{{#if trigger.error}}<p class="field-error" role="alert">{{trigger.error}}</p>{{/if}}
<form method="post" action="/marketplace/installations/{{installation.id}}/triggers" class="stack" aria-labelledby="new-trigger-heading">
{{> csrf}}
<div class="field">
<label for="trigger_workflow">Workflow</label>
<select id="trigger_workflow" name="workflow_id" required>
{{#each trigger.workflows}}<option value="{{id}}"{{#if selected}} selected{{/if}}>{{name}} (stages: {{stages}})</option>{{/each}}
</select>
</div>
<div class="field">
<label for="trigger_name">Trigger name</label>
<input id="trigger_name" name="name" type="text" required maxlength="200" value="{{trigger.values.name}}"{{#if trigger.errors.name}} aria-invalid="true" aria-describedby="trigger_name-error"{{/if}}>
{{> fieldError id="trigger_name" error=trigger.errors.name}}
</div>
<div class="field">
<label for="trigger_event_type">Event type</label>
<input id="trigger_event_type" name="event_type" type="text" required maxlength="200" list="trigger_event_types" value="{{trigger.values.event_type}}" aria-describedby="trigger_event_type-help{{#if trigger.errors.event_type}} trigger_event_type-error{{/if}}"{{#if trigger.errors.event_type}} aria-invalid="true"{{/if}}>
<datalist id="trigger_event_types">{{#each trigger.eventTypes}}<option value="{{this}}"></option>{{/each}}</datalist>
<p class="hint" id="trigger_event_type-help">{{#if trigger.eventTypes.length}}Choose one of the App's event types ({{#each trigger.eventTypes}}{{#unless @first}}, {{/unless}}<code>{{this}}</code>{{/each}}) or type another.{{else}}The App names no event types yet (none in its fixtures, none received): type the one its adapter reports.{{/if}}</p>
{{> fieldError id="trigger_event_type" error=trigger.errors.event_type}}
</div>
<div class="field">
<label for="trigger_target_stage">Target stage</label>
<input id="trigger_target_stage" name="target_stage" type="text" required maxlength="100" list="trigger_stages" value="{{trigger.values.target_stage}}" aria-describedby="trigger_target_stage-help{{#if trigger.errors.target_stage}} trigger_target_stage-error{{/if}}"{{#if trigger.errors.target_stage}} aria-invalid="true"{{/if}}>
<datalist id="trigger_stages">{{#each trigger.stages}}<option value="{{this}}"></option>{{/each}}</datalist>
<p class="hint" id="trigger_target_stage-help">A stage of the chosen workflow (each workflow's stages are listed beside its name).</p>
{{> fieldError id="trigger_target_stage" error=trigger.errors.target_stage}}
</div>
<fieldset>
<legend>Filter (optional)</legend>
<div class="field">
<label for="trigger_message_contains">Message contains</label>
<input id="trigger_message_contains" name="message_contains" type="text" value="{{trigger.values.message_contains}}">
</div>
<div class="field">
<label for="trigger_sender">Sender</label>
<input id="trigger_sender" name="sender" type="text" value="{{trigger.values.sender}}">
</div>
{{> fieldError id="trigger_filter" error=trigger.errors.event_filter}}
</fieldset>
<button type="submit">Create trigger</button>
</form>
{{else}}
<p>Your project has no workflow yet; create one through the API, then its triggers here.</p>
{{/if}}
{{else}}
<p>An uninstalled installation takes no new triggers.</p>
{{/if}}
</section>
`;
