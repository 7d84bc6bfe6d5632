// Which fields of the shared app context a set of source files reads, and which the context
// type declares, found with the TypeScript checker (so `useApp().x`, `const { x } = useApp()`,
// `app.x` on a value passed around, are all seen, whatever the variable is called).
const ts = require('typescript');

/** Every field of the context: the value is spread or destructured with a rest element. */
const ALL = '*';

/** A type-checked program over `files` with the compiler options of `tsconfig`. */
function createProgram(tsconfig, files) {
  const parsed = ts.getParsedCommandLineOfConfigFile(tsconfig, {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  // Ambient test and Node typings are not needed to follow the context's type: leaving them out
  // saves parsing them (the doctors remote: 11 s instead of 13.5 s on a heavily loaded 2-core machine).
  const options = { ...parsed.options, types: [], noEmit: true, composite: false, incremental: false, declaration: false, emitDeclarationOnly: false };
  return ts.createProgram({ rootNames: files, options });
}

/** The declared type of the interface `name` in `file`. */
function declaredInterface(program, file, name) {
  const source = program.getSourceFile(file);
  const declaration = source?.statements.find((statement) => ts.isInterfaceDeclaration(statement) && statement.name.text === name);
  if (!declaration) throw new Error(`No interface ${name} in ${file}`);
  const checker = program.getTypeChecker();
  return checker.getDeclaredTypeOfSymbol(checker.getSymbolAtLocation(declaration.name));
}

/** The fields the context type declares. */
function declaredFields(program, contextFile, typeName) {
  const type = declaredInterface(program, contextFile, typeName);
  return program.getTypeChecker().getPropertiesOfType(type).map((property) => property.name).sort();
}

function nameOf(node) {
  if (!node) return null;
  if (ts.isIdentifier(node) || ts.isStringLiteralLike(node) || ts.isPrivateIdentifier(node)) return node.text;
  return null;
}

/** The context fields `files` read (`*` when a value is spread or rest-destructured). */
function fieldsUsed(program, files, contextFile, typeName) {
  const checker = program.getTypeChecker();
  const context = declaredInterface(program, contextFile, typeName);
  const isContext = (type) => type === context || (type.isUnion() && type.types.includes(context));
  // `x.name` reads the context only if the context declares `name` (else the source does not
  // type-check, which `tsc -b` refuses), so only those names are worth asking the checker about.
  // Asking it the type of every `x.name` (styles, props, a doctor's fields) made it check much more
  // of the sources: the doctors remote asked 205 questions where 26 find the same fields, and each
  // of its release builds with a warm cache took 16.5 CPU s instead of 15.0.
  const declared = new Set(checker.getPropertiesOfType(context).map((property) => property.name));
  const used = new Set();
  const visit = (node) => {
    if (ts.isPropertyAccessExpression(node) && declared.has(node.name.text) && isContext(checker.getTypeAtLocation(node.expression))) {
      used.add(node.name.text);
    } else if (ts.isElementAccessExpression(node) && isContext(checker.getTypeAtLocation(node.expression))) {
      used.add(nameOf(node.argumentExpression) ?? ALL);
    } else if (ts.isObjectBindingPattern(node) && isContext(checker.getTypeAtLocation(node))) {
      for (const element of node.elements) {
        used.add(element.dotDotDotToken ? ALL : (nameOf(element.propertyName ?? element.name) ?? ALL));
      }
    } else if ((ts.isSpreadAssignment(node) || ts.isSpreadElement(node)) && isContext(checker.getTypeAtLocation(node.expression))) {
      used.add(ALL);
    }
    ts.forEachChild(node, visit);
  };
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (source) visit(source);
  }
  return [...used].sort();
}

/** The names a module exports as values (types are erased at build time, so they need nothing). */
function valueExports(program, file) {
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  const symbol = source && checker.getSymbolAtLocation(source);
  if (!symbol) throw new Error(`Cannot read the exports of ${file}`);
  return checker
    .getExportsOfModule(symbol)
    .filter((exported) => {
      const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      return (target.flags & ts.SymbolFlags.Value) !== 0 && !isTypeOnlyExport(exported);
    })
    .map((exported) => exported.name)
    .sort();
}

function isTypeOnlyExport(symbol) {
  return (symbol.declarations ?? []).some((declaration) => ts.isExportSpecifier(declaration) && (declaration.isTypeOnly || declaration.parent.parent.isTypeOnly));
}

module.exports = { ALL, createProgram, declaredFields, fieldsUsed, valueExports };
