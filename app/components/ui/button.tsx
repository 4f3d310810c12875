import type { ButtonHTMLAttributes } from "react";

// The buttons of the forms and the back office: primary (the action a form or
// page is for), secondary (the others: cancel, back, a second action) and
// danger (what deletes or throws away). md is the forms' size, sm the filter
// bars' and the small confirmation popovers'. A <button> is <Button>; a link
// that reads as a button takes buttonClass().
export type ButtonVariant = "primary" | "secondary" | "danger";
export type ButtonSize = "md" | "sm";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-brand-800 text-white hover:bg-brand-700",
  secondary: "border border-slate-300 bg-white text-slate-900 hover:bg-slate-50",
  danger: "bg-red-700 text-white hover:bg-red-800",
};
const SIZES: Record<ButtonSize, string> = { md: "px-5 py-3", sm: "px-4 py-2 text-sm" };

export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md") {
  return `inline-flex items-center justify-center gap-2 rounded-md ${SIZES[size]} font-semibold shadow-sm transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60 ${VARIANTS[variant]}`;
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize };

// `className` adds to the look (w-full, a margin), it does not replace it.
export function Button({ variant, size, className, type = "submit", ...props }: ButtonProps) {
  return (
    <button
      type={type}
      {...props}
      className={className ? `${buttonClass(variant, size)} ${className}` : buttonClass(variant, size)}
    />
  );
}
