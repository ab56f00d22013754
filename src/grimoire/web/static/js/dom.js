// Small DOM helpers the pages share. Every text goes in as a text node, never as markup.

export const $ = (id) => document.getElementById(id);

// el("div", { className: "x" }, child, "text", …): an element with properties and children.
export function el(tag, props = {}, ...children) {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children.filter((c) => c !== null && c !== undefined));
  return e;
}

// Radio buttons choosing one of the server's games (its localized title), calling onChoose(game).
export function gameChoices(box, games, current, title, onChoose) {
  box.replaceChildren();
  for (const game of games) {
    const input = el("input", { type: "radio", name: "game", value: game.name, checked: game.name === current });
    input.addEventListener("change", () => onChoose(game));
    box.append(el("label", { className: "game-choice" }, input, " ", title(game.title)));
  }
}
