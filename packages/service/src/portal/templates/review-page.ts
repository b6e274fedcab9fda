/** One review of an App: its progress while it runs, then the report by check group. */
export const REVIEW_PAGE = `<h1>Review {{review.id}} of {{app.name}}</h1>
<p><a href="/developer/apps/{{app.slug}}">Back to {{app.name}}</a></p>
<p role="status" id="review-state">State: <strong>{{review.state}}</strong>{{#if review.error}}: {{review.error}}{{/if}}</p>
{{#if review.running}}
{{#if review.total}}
<p><label for="review-progress">Checks done {{review.done}} of {{review.total}}</label>
<progress id="review-progress" max="{{review.total}}" value="{{review.done}}">{{review.done}} of {{review.total}}</progress></p>
{{else}}
<p><label for="review-progress">Checks done: none yet, waiting for the runner to start</label>
<progress id="review-progress"></progress></p>
{{/if}}
<p>The review is running; reload to see how far it got. <a href="/developer/apps/{{app.slug}}/reviews/{{review.id}}">Reload now</a></p>
{{/if}}
{{#if approved}}<p class="notice">Version {{approved}} passed its review and is ready to publish: <a href="/developer/apps/{{app.slug}}#release-heading">publish it from {{app.name}}'s Release section</a>.</p>{{/if}}
{{#if counts}}
<h2>Summary</h2>
{{#if causes.length}}
<div class="problems" role="note" aria-labelledby="causes-heading">
<h3 id="causes-heading">What made the checks fail</h3>
<ul class="causes">{{#each causes}}<li><strong>{{cause}}</strong>{{#if checks.length}} <span class="hint">Explains: {{#each checks}}{{#unless @first}}, {{/unless}}<a href="#check-{{this}}">{{this}}</a>{{/each}}.</span>{{/if}}</li>{{/each}}</ul>
</div>
{{/if}}
{{#if failed.length}}
<div class="problems">
<h3 id="failed-heading">{{failed.length}} failed check(s)</h3>
<ul aria-labelledby="failed-heading">{{#each failed}}<li><a href="#check-{{id}}">{{id}}</a> ({{group}})</li>{{/each}}</ul>
</div>
{{/if}}
<dl>
<dt>Failed</dt><dd>{{counts.failed}}</dd>
<dt>Passed</dt><dd>{{counts.passed}}</dd>
<dt>Not applicable</dt><dd>{{counts.not_applicable}}</dd>
</dl>
{{/if}}
{{#if downloads}}
<ul>
<li><a href="/developer/apps/{{app.slug}}/reviews/{{review.id}}/report.html">Open the HTML report</a></li>
<li><a href="/developer/apps/{{app.slug}}/reviews/{{review.id}}/report.json" download>Download the JSON report</a></li>
<li><a href="/developer/apps/{{app.slug}}/reviews/{{review.id}}/report.xml" download>Download the JUnit report</a></li>
</ul>
{{/if}}
{{#each groups}}
<section aria-labelledby="group-{{name}}">
<h2 id="group-{{name}}">{{name}}</h2>
<ul class="checks">
{{#each checks}}
<li class="check-{{status}}" id="check-{{id}}"><strong>{{statusLabel}}</strong> <code>{{id}}</code> ({{level}}): {{rationale}}{{#if reason}} — {{reason}}{{/if}}
{{#if failures.length}}
<ul>
{{#each failures}}
<li>
<p>{{endpoint}}: {{message}}</p>
<dl>
{{#if step}}<dt>Step</dt><dd>{{step}}</dd>{{/if}}
{{#if expected}}<dt>Expected</dt><dd>{{expected}}</dd>{{/if}}
{{#if actual}}<dt>Actual</dt><dd>{{actual}}</dd>{{/if}}
{{#if pointer}}<dt>JSON Pointer</dt><dd><code>{{pointer}}</code></dd>{{/if}}
</dl>
</li>
{{/each}}
</ul>
{{/if}}
{{#if reproduce}}<p>Run it again on your machine:</p>
<pre><code>{{reproduce}}</code></pre>{{/if}}
</li>
{{/each}}
</ul>
</section>
{{/each}}
`;
