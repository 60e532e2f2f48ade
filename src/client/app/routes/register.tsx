export default function RegisterPage() {
  return (
    <main className="page">
      <h1>Register</h1>
    </main>
  );
}
