/** The confirmation step of a destructive action (D385): what it does, the form that does it, and a way back. */
export const CONFIRM_PAGE = `<h1>{{heading}}</h1>
<div class="confirm">
<p>{{message}}</p>
<form method="post" action="{{action}}">
{{> csrf}}
<input type="hidden" name="confirm" value="yes">
{{#each fields}}<input type="hidden" name="{{name}}" value="{{value}}">{{/each}}
<button type="submit" class="danger">{{button}}</button>
<a class="button secondary" href="{{back}}">Cancel</a>
</form>
</div>
`;
