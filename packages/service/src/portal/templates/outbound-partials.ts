/**
 * D516: a delivery's attempts (a table inside a details element, so a long history stays folded) and its Resend
 * form, shared by the run's page and the installation's. The form carries a key made when the page was drawn, so a
 * second click sends the same Idempotency-Key and makes no second delivery.
 */
export const OUTBOUND_PARTIALS: Readonly<Record<string, string>> = {
  attempts: `{{#if attempts.length}}<details>
<summary>{{attempts.length}} attempt{{#if (gt attempts.length 1)}}s{{/if}}</summary>
<table class="attempts">
<caption>Attempts of {{label}}, oldest first</caption>
<thead><tr><th scope="col">#</th><th scope="col">Started</th><th scope="col">Result</th><th scope="col">Latency</th><th scope="col">Response</th><th scope="col">Next retry</th><th scope="col">State after</th></tr></thead>
<tbody>
{{#each attempts}}
<tr><td>{{attempt}}</td><td>{{time started}}</td><td>{{result}}{{#if error}}<br><small>{{error}}</small>{{/if}}</td><td>{{latency}}</td><td>{{#if excerpt}}<code>{{excerpt}}</code>{{#if truncated}} (cut at 1 KiB){{/if}}{{else}}—{{/if}}</td><td>{{time next}}</td><td>{{> badge kind="state" value=outcome}}</td></tr>
{{/each}}
</tbody>
</table>
</details>{{else}}none yet{{/if}}`,
  resend: `{{#if resendable}}<form method="post" action="{{resendAction}}">
{{> csrf}}
<input type="hidden" name="key" value="{{resendKey}}">
<button type="submit" class="secondary" aria-label="Resend {{label}}">Resend</button>
</form>{{/if}}`,
};
