// The author's token: a random secret this browser keeps (no password). Decks and cards saved
// with it are this browser's: only it replaces or withdraws them. The page /mine shows it as a
// recovery code, to be copied and entered on another browser.
const KEY = "grimoire-owner";
const VALID = /^[\x21-\x7e]{24,200}$/;  // printable ASCII, as the server accepts (grimoire.web.ownership)

export function ownerToken() {
  let tok = localStorage.getItem(KEY);
  if (!tok || !VALID.test(tok)) {
    const bytes = new Uint8Array(24);
    crypto.getRandomValues(bytes);
    tok = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    localStorage.setItem(KEY, tok);
  }
  return tok;
}

// Use a recovery code from another browser from now on; false if it is not one.
export function useRecoveryCode(code) {
  const tok = String(code || "").trim();
  if (!VALID.test(tok)) return false;
  localStorage.setItem(KEY, tok);
  return true;
}
