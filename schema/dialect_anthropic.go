package schema

func (c *schemaConverter) anthropicRoot(root any) any {
	obj, ok := root.(*jsonObject)
	if ok && obj.has("$ref") && !isObjectSchema(obj) {
		if target, found := c.resolveRef(stringValue(obj.vals["$ref"])); found {
			if m, isObj := mergeRef(target, obj).(*jsonObject); isObj {
				copyDefs(m, obj)
				obj = m
			}
		}
	}
	if !ok || !isObjectSchema(obj) {
		c.fail("", "Anthropic needs an object schema at the root of input_schema (type object), got %s", describeSchemaKind(root))
		return root
	}
	for _, k := range []string{"anyOf", "oneOf", "allOf"} {
		if obj.has(k) {
			c.fail(k, "Anthropic does not accept %s at the top level of input_schema", k)
		}
	}
	if t, isString := obj.vals["type"].(string); !isString || t != "object" {
		if obj.has("type") {
			c.fail("type", "Anthropic needs type to be exactly \"object\" at the root of input_schema, got %s", describeSchemaKind(obj))
			return root
		}
		obj = obj.clone()
		obj.set("type", "object")
	}
	return obj
}
