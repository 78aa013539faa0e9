// core-search's page script: asks from the question box without leaving the page, shows a run's
// steps as its events arrive (resuming after the last one when the connection drops), and opens
// the report when the run is done. Text from the server goes into the page as text, never as markup.
// Without it the page still works: the form posts and the run's page reloads itself until done.

(() => {
  const steps = () => document.getElementById("steps");

  function stepText(type, data) {
    const calls = Array.isArray(data.calls) ? data.calls : [];
    switch (type) {
      case "plan":
        return `Plan: ${calls.length} search${calls.length === 1 ? "" : "es"} for the claim "${data.claim}" — ${calls.map((c) => `${c.call}. ${c.role}: ${c.query}`).join("; ")}`;
      case "preflight":
        return `Search service checked: ${data.status}`;
      case "call-started":
        return `Search ${data.call} (${data.role}) started: ${data.query}`;
      case "attempt":
        return `Search ${data.call}: ${data.provider} ${data.outcome}`;
      case "call-finished":
        return data.status === "failed"
          ? `Search ${data.call} (${data.role}) failed: no service answered`
          : `Search ${data.call} (${data.role}): ${data.hits} results${data.provider ? ` from ${data.provider}` : ""}`;
      case "judging":
        return `Judging ${data.results} results (${data.judge})`;
      case "origins":
        return `${data.evidence} sources from ${data.origins} independent origins`;
      case "page-read":
        return `Read ${data.url}: ${data.status}`;
      case "done":
        return `Done: ${data.status}`;
      default:
        return type;
    }
  }

  function addStep(text, failed) {
    const item = document.createElement("li");
    item.textContent = text;
    if (failed) item.className = "failed";
    steps()?.appendChild(item);
  }

  const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  /**
   * Follows a run's events from after `after` until `done`, reading the stream with fetch (it sends
   * the session's cookie; EventSource could not send a token) and reconnecting with Last-Event-ID.
   */
  async function follow(id, after, onDone) {
    let last = after;
    for (let tries = 0; tries < 60; tries++) {
      try {
        const headers = { accept: "text/event-stream" };
        if (last > 0) headers["last-event-id"] = String(last);
        const res = await fetch(`/v1/runs/${encodeURIComponent(id)}/events`, { headers, cache: "no-store" });
        if (res.status === 404) return addStep("This run is gone: it was removed.", true);
        if (!res.ok || !res.body) throw new Error(`status ${res.status}`);
        tries = 0;
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end = buffer.indexOf("\n\n");
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf("\n\n");
            const event = parseEvent(block);
            if (!event) continue;
            last = event.id;
            addStep(stepText(event.type, event.data), event.type === "done" && event.data.status !== "done");
            if (event.type === "done") return onDone(event.data);
          }
        }
      } catch {
        // A dropped connection: resume after the last event seen.
      }
      await pause(1000);
    }
    addStep("Lost the connection to the server; reload the page to follow the run again.", true);
  }

  function parseEvent(block) {
    let id = 0;
    let type = "message";
    let data = "";
    for (const line of block.split("\n")) {
      if (line.startsWith("id: ")) id = Number(line.slice(4));
      else if (line.startsWith("event: ")) type = line.slice(7);
      else if (line.startsWith("data: ")) data += line.slice(6);
    }
    if (!id || !data) return undefined;
    try {
      return { id, type, data: JSON.parse(data) };
    } catch {
      return undefined;
    }
  }

  function openReport(id) {
    return (data) => {
      if (data.status === "done") window.location.assign(`/r/${encodeURIComponent(id)}`);
    };
  }

  const form = document.getElementById("ask");
  if (form && form.getAttribute("action") === "/ask") {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const fields = new FormData(form);
      const body = { question: String(fields.get("question") ?? "") };
      const read = String(fields.get("read") ?? "");
      if (read !== "") body.read = Number(read);
      const language = String(fields.get("language") ?? "").trim();
      if (language !== "") body.language = language;
      const timeRange = String(fields.get("timeRange") ?? "");
      if (timeRange !== "") body.timeRange = timeRange;
      const progress = document.getElementById("progress");
      if (progress) progress.hidden = false;
      steps()?.replaceChildren();
      const button = form.querySelector("button");
      if (button) button.disabled = true;
      try {
        const res = await fetch("/v1/runs", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
        const answer = await res.json();
        if (res.status !== 202) {
          addStep(answer?.error?.message ?? `The server answered ${res.status}`, true);
          return;
        }
        addStep("Started");
        await follow(answer.id, 0, openReport(answer.id));
      } catch {
        addStep("Could not reach the server.", true);
      } finally {
        if (button) button.disabled = false;
      }
    });
  }

  const running = document.querySelector("main[data-run]");
  if (running) {
    const id = running.getAttribute("data-run");
    const after = Number(running.getAttribute("data-after") ?? "0");
    void follow(id, after, (data) => {
      if (data.status === "done") window.location.reload();
    });
  }
})();
