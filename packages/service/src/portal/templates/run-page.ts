/** `/developer/runs/:id`: one run and its callback deliveries with their attempts (D516). */
export const RUN_PAGE = `<h1>Workflow run {{run.id}}</h1>
{{#if notice}}<p class="notice" role="status">{{notice}}</p>{{/if}}
{{#if error}}<p class="field-error" role="alert">{{error}}</p>{{/if}}
<section aria-labelledby="run-heading">
<h2 id="run-heading">Run</h2>
<dl>
<dt>Workflow</dt><dd>{{run.workflow_id}}</dd>
<dt>Status</dt><dd>{{> badge kind="state" value=run.status}}</dd>
<dt>Started</dt><dd>{{time run.created}}</dd>
<dt>Finished</dt><dd>{{time run.finished}}</dd>
{{#if run.error}}<dt>Error</dt><dd>{{run.error}}</dd>{{/if}}
</dl>
</section>
<section aria-labelledby="callbacks-heading">
<h2 id="callbacks-heading">Callbacks</h2>
{{#if callbacks.length}}
<table>
<caption>Callback deliveries of this run, newest first; attempts are kept 30 days</caption>
<thead><tr><th scope="col">Delivery</th><th scope="col">Event and URL</th><th scope="col">Status</th><th scope="col">Created</th><th scope="col">Attempts</th><th scope="col">Resend</th></tr></thead>
<tbody>
{{#each callbacks}}
<tr><td>{{id}}{{#if resentFrom}} (resends {{resentFrom}}){{/if}}</td><td>{{event}}<br><code>{{url}}</code></td><td>{{> badge kind="state" value=status}}</td><td>{{time created}}</td><td>{{> attempts}}</td><td>{{> resend}}</td></tr>
{{/each}}
</tbody>
</table>
{{else}}
<p>No callbacks: the run's workflow and trigger name no callback URL, or none is due yet.</p>
{{/if}}
</section>
`;
