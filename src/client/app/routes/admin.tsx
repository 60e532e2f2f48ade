export default function AdminPage() {
  return (
    <main className="page">
      <h1>Admin</h1>
    </main>
  );
}
