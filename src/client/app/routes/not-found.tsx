export default function NotFoundPage() {
  return (
    <main className="page">
      <h1>NotFound</h1>
    </main>
  );
}
