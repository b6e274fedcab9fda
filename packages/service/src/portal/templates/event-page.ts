/** `/marketplace/installations/:id/events/:eventId`: one inbound event as a record, and "Resend to triggers". */
export const EVENT_PAGE = `<h1>Event {{event.id}} of {{installation.name}}</h1>
{{#if notice}}<p class="notice" role="status">{{notice}}</p>{{/if}}
<p><a href="{{installation.path}}#events-heading">Back to the installation's events</a></p>
<section aria-labelledby="summary-heading">
<h2 id="summary-heading">Summary</h2>
<dl>
<dt>Received</dt><dd>{{time event.received_at}}</dd>
<dt>Outcome</dt><dd>{{> badge kind="state" value=outcomeLabel}}{{#if event.test}} <span class="badge">test</span>{{/if}}{{#if (gt event.count 1)}} ×{{event.count}}{{/if}}</dd>
{{#if event.detail}}<dt>Detail</dt><dd>{{event.detail}}</dd>{{/if}}
<dt>Event type</dt><dd>{{#if event.event_type}}<code>{{event.event_type}}</code>{{else}}—{{/if}}</dd>
<dt>Sender</dt><dd>{{#if event.sender}}{{event.sender}}{{else}}—{{/if}}</dd>
<dt>Dedup key</dt><dd>{{#if event.dedup_key}}<code>{{event.dedup_key}}</code>{{else}}—{{/if}}</dd>
<dt>Thread</dt><dd>{{#if event.thread_id}}<code>{{event.thread_id}}</code>{{else}}—{{/if}}</dd>
<dt>Runs started</dt><dd>{{#each event.workflow_run_ids}}<a href="/developer/runs/{{this}}">run {{this}}</a> {{else}}none{{/each}}</dd>
{{#if replayOf}}<dt>Replay of</dt><dd><a href="{{replayOf}}">event {{event.replay_of}}</a></dd>{{/if}}
{{#if replays.length}}<dt>Resent as</dt><dd>{{#each replays}}<a href="{{href}}">event {{id}}</a> {{/each}}</dd>{{/if}}
</dl>
</section>

<section aria-labelledby="message-heading">
<h2 id="message-heading">Message</h2>
{{#if message}}
<p>As the adapter answered it{{#if message.is_bot}}, marked as the platform's own (<code>is_bot</code>){{/if}}{{#if message.is_dm}}, a direct message{{/if}}.</p>
<pre class="record" tabindex="0" aria-label="Message text">{{message.message}}</pre>
{{#if metadata}}<h3>Metadata</h3>
<pre class="record" tabindex="0" aria-label="Metadata">{{metadata}}</pre>{{/if}}
{{else}}
<p>No message was kept: {{#if event.detail}}{{event.detail}}{{else}}the adapter answered none{{/if}}.</p>
{{/if}}
<h3 id="replay-heading">Resend to triggers</h3>
{{#if replay.available}}
<p>Routes this message again to the installation's {{#if replay.frontDesk}}front desk{{else}}app-event triggers{{/if}}, as a new event, without calling the platform or the adapter. Sending the form twice resends once.</p>
<form method="post" action="{{replay.action}}">
{{> csrf}}
<input type="hidden" name="idempotency_key" value="{{replay.key}}">
<button type="submit" class="secondary">Resend to triggers</button>
</form>
{{else}}
<button type="button" disabled aria-describedby="replay-reason">Resend to triggers</button>
<p class="reason" id="replay-reason">{{replay.reason}}</p>
{{/if}}
</section>

<section aria-labelledby="request-heading">
<h2 id="request-heading">Request as it arrived</h2>
{{#if request}}
<p><code>{{request.method}} {{request.path}}{{#if query}}?{{query}}{{/if}}</code>, {{request.body_bytes}} bytes of body{{#if request.body_truncated}}, of which the first {{bodyLimit}} are kept{{/if}}. Signatures, tokens and the installation's credentials read <code>[redacted]</code>.</p>
<table>
<caption>Headers</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Value</th></tr></thead>
<tbody>
{{#each headers}}<tr><td><code>{{name}}</code></td><td><code>{{value}}</code></td></tr>{{/each}}
</tbody>
</table>
<h3>Body{{#if (eq request.body_encoding "base64")}} (base64: not UTF-8){{/if}}</h3>
<pre class="record" tabindex="0" aria-label="Request body">{{request.body}}</pre>
{{else}}
<p>{{#if event.replay_of}}Nothing arrived: this event resent a stored message.{{else}}This event kept no request.{{/if}}</p>
{{/if}}
</section>

<section aria-labelledby="calls-heading">
<h2 id="calls-heading">Adapter calls</h2>
{{#if calls.length}}
<table>
<caption>Calls the service made to the adapter for this event</caption>
<thead><tr><th scope="col">Endpoint</th><th scope="col">Outcome</th><th scope="col">Status</th><th scope="col">Latency</th><th scope="col">Error</th></tr></thead>
<tbody>
{{#each calls}}<tr><td><code>/{{endpoint}}</code></td><td>{{> badge kind="state" value=outcome}}</td><td>{{#if status}}{{status}}{{else}}—{{/if}}</td><td>{{latency_ms}} ms</td><td>{{#if error}}{{error}}{{else}}—{{/if}}</td></tr>{{/each}}
</tbody>
</table>
{{else}}
<p>No adapter call was made{{#if event.replay_of}}: a replay routes the stored message{{/if}}.</p>
{{/if}}
</section>
`;
