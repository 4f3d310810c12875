// The field messages that pages also show as hints. Zod-free, so a component
// can import them without pulling zod into the browser.
export const REQUIRED = "Campo obrigatório.";
export const PASSWORD_RULE = "A senha deve ter pelo menos 8 caracteres, com letras e números.";
export const maxMessage = (max: number) => `Use no máximo ${max} caracteres.`;
