/** Seals text for storage (channel URLs, bot tokens, addresses) and opens it again; a wrong key or changed byte throws. */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}
