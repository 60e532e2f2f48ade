export default function TagPage() {
  return (
    <main className="page">
      <h1>Tag</h1>
    </main>
  );
}
