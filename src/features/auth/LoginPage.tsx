export function LoginPage() {
  return (
    <main className="flex min-h-screen items-center justify-center p-8">
      <h1 className="text-2xl font-semibold">Login is not built yet</h1>
    </main>
  );
}
