// The decks saved on the server (deck builder) as choices of a deck <select>: the server lists them
// by name, 200 a page; the first page comes at once and a last option "more saved decks…" fetches the
// next page when chosen (so every saved deck can be chosen, however many there are, without
// asking for thousands of names on every visit).
import { t } from "./i18n.js";

export const MORE = "more:";

export class SavedDecks {
  constructor(game) {
    this.game = game;
    this.decks = [];
    this.next = "";  // "" before the first page; null when every page is here
    this.busy = null;
  }

  // Fetch the next page (the first one on the first call); resolves when it is here.
  more() {
    if (this.next === null) return Promise.resolve();
    if (!this.busy) {
      const after = this.next ? `?after=${encodeURIComponent(this.next)}` : "";
      this.busy = fetch(`/api/decks/${encodeURIComponent(this.game)}${after}`)
        .then((res) => (res.ok ? res.json() : null))
        .then((page) => {
          if (page) {
            this.decks.push(...page.decks);
            this.next = page.next || null;
          }
        })
        .finally(() => { this.busy = null; });
    }
    return this.busy;
  }

  // The <optgroup> of these decks for a select (values "saved:NAME"), with the "more" option while pages remain.
  group(keep) {
    const group = document.createElement("optgroup");
    group.label = t("saved_decks");
    for (const d of this.decks) {
      const value = `saved:${d.name}`;
      group.append(Object.assign(document.createElement("option"), { value, textContent: `${d.name} (${d.author})`,
        selected: value === keep }));
    }
    if (this.next) group.append(Object.assign(document.createElement("option"), { value: MORE, textContent: t("saved_more") }));
    return group;
  }

  // Call on a select's change: when "more" was chosen, fetch the next page, then onMore(the first new deck's value).
  async chosen(select, onMore) {
    if (select.value !== MORE) return;
    const before = this.decks.length;
    await this.more();
    const first = this.decks[before];
    onMore(first ? `saved:${first.name}` : "");
  }
}
