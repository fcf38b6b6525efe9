// outbox serve's dashboard reads and works without this script; it only
// selects every row at once and refreshes the overview when asked.
"use strict";
document.addEventListener("DOMContentLoaded", () => {
  const all = document.querySelector("[data-select-all]");
  if (all) {
    all.addEventListener("change", () => {
      for (const box of document.querySelectorAll('input[name="id"]')) box.checked = all.checked;
    });
  }
  const refresh = document.querySelector("[data-refresh]");
  if (refresh) {
    const key = "outbox.refresh";
    refresh.checked = sessionStorage.getItem(key) === "1";
    let timer = null;
    const arm = () => {
      clearTimeout(timer);
      if (refresh.checked) timer = setTimeout(() => location.reload(), Number(refresh.dataset.refresh) * 1000);
    };
    refresh.addEventListener("change", () => {
      sessionStorage.setItem(key, refresh.checked ? "1" : "0");
      arm();
    });
    arm();
  }
});
