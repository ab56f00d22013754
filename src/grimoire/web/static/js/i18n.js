// UI texts in Japanese (default) and English: the lobby's and the table's own words,
// shared by every game. Game texts (options, prompts, events) come rendered from the
// server in the chosen language; a game's board words come from its catalog (catalog.js).

const TEXTS = {
  ja: {
    title: "グリモア",
    subtitle: "カードゲームをブラウザで",
    new_game: "新しいゲーム",
    game: "ゲーム",
    my_deck: "自分のデッキ",
    opp_deck: "相手のデッキ",
    starter: "構築済みデッキ",
    paste: "デッキリストを貼り付ける",
    paste_hint: "1行に「枚数 カード名」。[禁書] などで区分を切り替え。",
    opponent: "対戦相手",
    computer: "コンピュータ",
    friend: "友だち（リンクを送る）",
    level: "強さ",
    level_easy: "かんたん",
    level_normal: "ふつう",
    level_hard: "むずかしい",
    create: "ゲームを作る",
    creating: "作成中…",
    deck_ok: "デッキOK",
    line: "{0}行目",
    links: "リンク",
    your_link: "あなたの席（秘密のリンク）",
    friend_link: "友だちの席（秘密のリンク：相手にだけ送る）",
    spectator_link: "観戦リンク",
    open: "開く",
    copy: "コピー",
    copied: "コピーしました",
    my_games: "最近のゲーム",
    none_yet: "まだありません",
    lang: "言語",
    you: "あなた",
    opponent_short: "相手",
    seat: "P{0}",
    spectator: "観戦中",
    your_turn: "あなたの番です",
    waiting_for: "P{0}の選択を待っています…",
    waiting_opp: "相手の選択を待っています…",
    connecting: "接続中…",
    reconnecting: "再接続中…（{0}秒後）",
    connected: "接続しました",
    log: "ログ",
    result: "結果",
    win: "あなたの勝ち！",
    lose: "あなたの負け",
    draw: "引き分け",
    winner: "P{0}の勝ち",
    replay: "リプレイ",
    back_live: "対局に戻る",
    step: "手順 {0} / {1}",
    first: "最初",
    prev: "◀ 戻る",
    next: "進む ▶",
    last: "最後",
    play: "再生",
    pause: "停止",
    next_answer: "この手での選択: {0}",
    lobby: "ロビー",
    not_found: "ゲームが見つかりません",
    error: "エラー",
    raw_view: "表示データ",
    err_stale: "その選択はもう有効ではありません",
    err_illegal: "選べない選択肢です",
    err_not_your_turn: "あなたの番ではありません",
    err_bad_token: "この席のリンクが正しくありません（観戦として表示します）",
  },
  en: {
    title: "Grimoire",
    subtitle: "Card games in your browser",
    new_game: "New game",
    game: "Game",
    my_deck: "Your deck",
    opp_deck: "Opponent's deck",
    starter: "Starter deck",
    paste: "Paste a deck list",
    paste_hint: "One \"count card name\" per line; [forbidden] etc. switch sections.",
    opponent: "Opponent",
    computer: "Computer",
    friend: "A friend (send them a link)",
    level: "Level",
    level_easy: "Easy",
    level_normal: "Normal",
    level_hard: "Hard",
    create: "Create game",
    creating: "Creating…",
    deck_ok: "Deck OK",
    line: "line {0}",
    links: "Links",
    your_link: "Your seat (secret link)",
    friend_link: "Your friend's seat (secret link: send it only to them)",
    spectator_link: "Spectator link",
    open: "Open",
    copy: "Copy",
    copied: "Copied",
    my_games: "Recent games",
    none_yet: "None yet",
    lang: "Language",
    you: "You",
    opponent_short: "Opponent",
    seat: "P{0}",
    spectator: "Spectating",
    your_turn: "Your turn",
    waiting_for: "Waiting for P{0}…",
    waiting_opp: "Waiting for your opponent…",
    connecting: "Connecting…",
    reconnecting: "Reconnecting… (in {0}s)",
    connected: "Connected",
    log: "Log",
    result: "Result",
    win: "You win!",
    lose: "You lose",
    draw: "Draw",
    winner: "P{0} wins",
    replay: "Replay",
    back_live: "Back to the game",
    step: "Step {0} / {1}",
    first: "First",
    prev: "◀ Back",
    next: "Forward ▶",
    last: "Last",
    play: "Play",
    pause: "Pause",
    next_answer: "Chosen at this step: {0}",
    lobby: "Lobby",
    not_found: "No such game",
    error: "Error",
    raw_view: "View data",
    err_stale: "That choice is no longer pending",
    err_illegal: "That option cannot be chosen",
    err_not_your_turn: "It is not your turn",
    err_bad_token: "This seat link is not valid (showing the spectator view)",
  },
};

export function getLang() {
  const stored = localStorage.getItem("grimoire.lang");
  return stored === "en" || stored === "ja" ? stored : "ja";
}

export function setLang(lang) {
  localStorage.setItem("grimoire.lang", lang);
  document.documentElement.lang = lang;
}

export function t(key, ...args) {
  const lang = getLang();
  const template = TEXTS[lang][key] ?? TEXTS.en[key] ?? key;
  return template.replace(/\{(\d+)\}/g, (_, i) => String(args[Number(i)] ?? ""));
}

export function localized(value) {
  if (value && typeof value === "object") return value[getLang()] ?? value.ja ?? value.en ?? "";
  return value ?? "";
}

// Put the texts of [data-t] elements in the current language.
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
}

export function langSwitch(onChange) {
  const wrap = document.createElement("div");
  wrap.className = "lang-switch";
  for (const lang of ["ja", "en"]) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = lang === "ja" ? "日本語" : "English";
    b.dataset.lang = lang;
    b.className = lang === getLang() ? "active" : "";
    b.addEventListener("click", () => {
      setLang(lang);
      for (const other of wrap.children) other.className = other.dataset.lang === lang ? "active" : "";
      onChange(lang);
    });
    wrap.append(b);
  }
  return wrap;
}
