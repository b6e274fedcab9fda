/** One review of an App: its progress while it runs, then the report by check group. */
export const REVIEW_PAGE = `<h1>Review {{review.id}} of {{app.name}}</h1>
<p><a href="/developer/apps/{{app.slug}}">Back to {{app.name}}</a></p>
<p role="status" id="review-state">State: <strong>{{review.state}}</strong>{{#if review.error}}: {{review.error}}{{/if}}</p>
{{#if review.running}}
<p><label for="review-progress">Checks done</label>
<progress id="review-progress" max="{{review.total}}" value="{{review.done}}">{{review.done}} of {{review.total}}</progress>
{{review.done}} of {{review.total}}</p>
<p>The review is running; reload to see how far it got. <a href="/developer/apps/{{app.slug}}/reviews/{{review.id}}">Reload now</a></p>
{{/if}}
{{#if counts}}
<h2>Summary</h2>
<dl>
<dt>Passed</dt><dd>{{counts.passed}}</dd>
<dt>Failed</dt><dd>{{counts.failed}}</dd>
<dt>Not applicable</dt><dd>{{counts.not_applicable}}</dd>
</dl>
{{/if}}
{{#if downloads}}
<ul>
<li><a href="/developer/apps/{{app.slug}}/reviews/{{review.id}}/report.json" download>Download the JSON report</a></li>
<li><a href="/developer/apps/{{app.slug}}/reviews/{{review.id}}/report.xml" download>Download the JUnit report</a></li>
</ul>
{{/if}}
{{#each groups}}
<section aria-labelledby="group-{{name}}">
<h2 id="group-{{name}}">{{name}}</h2>
<ul class="checks">
{{#each checks}}
<li class="check-{{status}}"><strong>{{statusLabel}}</strong> <code>{{id}}</code> ({{level}}): {{rationale}}{{#if reason}} — {{reason}}{{/if}}
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
{{#if curl}}<pre><code>{{curl}}</code></pre>{{/if}}
</li>
{{/each}}
</ul>
{{/if}}
</li>
{{/each}}
</ul>
</section>
{{/each}}
`;
