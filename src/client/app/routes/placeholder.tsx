export default function PlaceholderPage() {
  return (
    <main className="page">
      <h1>Placeholder</h1>
    </main>
  );
}
