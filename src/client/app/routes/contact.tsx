export default function ContactPage() {
  return (
    <main className="page">
      <h1>Contact</h1>
    </main>
  );
}
