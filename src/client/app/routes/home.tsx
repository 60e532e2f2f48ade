export default function HomePage() {
  return (
    <main className="page">
      <h1>Home</h1>
    </main>
  );
}
