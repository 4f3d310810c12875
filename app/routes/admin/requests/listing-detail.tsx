// Placeholder: being built (issue 3).
export default function Placeholder() {
  return <p>Em construção.</p>;
}
