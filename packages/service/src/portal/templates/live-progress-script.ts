/**
 * The one script of the portal (D241): on a running review's page it fetches the page again every 2 s and swaps in
 * its main content, until the review ends. Without JavaScript the page's Reload link does the same.
 */
export const LIVE_PROGRESS_SCRIPT = `(function () {
  var main = document.getElementById("main");
  function poll() {
    fetch(location.href, { credentials: "same-origin", headers: { accept: "text/html" } })
      .then(function (response) { return response.text(); })
      .then(function (text) {
        var next = new DOMParser().parseFromString(text, "text/html").getElementById("main");
        if (next === null) return;
        if (next.innerHTML !== main.innerHTML) main.innerHTML = next.innerHTML;
        if (document.getElementById("review-progress") !== null) setTimeout(poll, 2000);
      })
      .catch(function () { setTimeout(poll, 5000); });
  }
  setTimeout(poll, 2000);
})();`;
